ALTER TABLE "assignments" ADD COLUMN "task_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A reviewer's queue total subtracts their assignments on available tasks: with their task's
-- openness on the assignment, that count reads the few open ones (assignments_open_task_idx)
-- instead of probing every task of the reviewer's history on each poll.
UPDATE "assignments" a SET "task_open" = false
	FROM "tasks" t WHERE t.id = a.task_id AND t.status IN ('completed', 'rejected');--> statement-breakpoint
CREATE INDEX "assignments_open_task_idx" ON "assignments" USING btree ("worker_id","task_id") WHERE "assignments"."task_open";--> statement-breakpoint
-- Every row changed: plan with the new figures from the start (autovacuum clears the old versions).
ANALYZE "assignments";--> statement-breakpoint
-- A new assignment takes its task's openness (claims are made on open tasks; a bulk load need not be).
CREATE FUNCTION "assignments_task_open_init"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.task_open := coalesce((SELECT status NOT IN ('completed', 'rejected') FROM tasks WHERE id = NEW.task_id), true);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "assignments_task_open_insert" BEFORE INSERT ON "assignments" FOR EACH ROW
	EXECUTE FUNCTION "assignments_task_open_init"();
--> statement-breakpoint
-- A task that becomes final (or is opened again) carries its assignments with it, in the same transaction.
CREATE FUNCTION "assignments_task_open_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE assignments SET task_open = NEW.status NOT IN ('completed', 'rejected')
		WHERE task_id = NEW.id AND task_open <> (NEW.status NOT IN ('completed', 'rejected'));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_assignments_open_update" AFTER UPDATE OF "status" ON "tasks" FOR EACH ROW
	WHEN ((OLD.status IN ('completed', 'rejected')) <> (NEW.status IN ('completed', 'rejected')))
	EXECUTE FUNCTION "assignments_task_open_track"();
