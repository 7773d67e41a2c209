-- The admin's reviewer and requester lists page newest first with id as the tie-break: with id in
-- the index the page is read from its top; before, every account of a role created in the same
-- instant (an import, a bulk invite) was read and sorted for each page.
DROP INDEX "users_type_idx";--> statement-breakpoint
CREATE INDEX "users_type_created_idx" ON "users" USING btree ("user_type","created_at","id");
