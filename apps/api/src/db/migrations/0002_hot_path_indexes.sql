CREATE INDEX "assignments_submitted_idx" ON "assignments" USING btree ("finished_at") WHERE "assignments"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "requests_file_id_idx" ON "requests" USING btree (("metadata"->>'file_id')) WHERE ("requests"."metadata"->>'file_id') is not null;--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("created_at","id") WHERE "requests"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "requests_completed_idx" ON "requests" USING btree ("completed_at") WHERE "requests"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_available_idx" ON "tasks" USING btree ("priority" DESC NULLS FIRST,"created_at","id") WHERE "tasks"."status" = 'available';