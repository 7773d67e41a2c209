CREATE TABLE "queue_counts" (
	"document_type" text NOT NULL,
	"shard" smallint NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_counts_document_type_shard_pk" PRIMARY KEY("document_type","shard")
);
--> statement-breakpoint
-- The reviewer queue's total (DESIGN §4) without counting the queue per poll: each change of a
-- task into or out of 'available' adds to its document type's count, in the same transaction.
CREATE FUNCTION "queue_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	my_shard smallint := pg_backend_pid() % 16;
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.status = 'available' THEN
		INSERT INTO queue_counts AS q (document_type, shard, available) VALUES (OLD.document_type, my_shard, -1)
		ON CONFLICT (document_type, shard) DO UPDATE SET available = q.available - 1;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.status = 'available' THEN
		INSERT INTO queue_counts AS q (document_type, shard, available) VALUES (NEW.document_type, my_shard, 1)
		ON CONFLICT (document_type, shard) DO UPDATE SET available = q.available + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tasks_queue_count_insert" AFTER INSERT ON "tasks" FOR EACH ROW
	WHEN (NEW.status = 'available') EXECUTE FUNCTION "queue_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "tasks_queue_count_update" AFTER UPDATE OF "status", "document_type" ON "tasks" FOR EACH ROW
	WHEN ((OLD.status = 'available') <> (NEW.status = 'available')
		OR (NEW.status = 'available' AND OLD.document_type <> NEW.document_type))
	EXECUTE FUNCTION "queue_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "tasks_queue_count_delete" AFTER DELETE ON "tasks" FOR EACH ROW
	WHEN (OLD.status = 'available') EXECUTE FUNCTION "queue_counts_track"();
--> statement-breakpoint
INSERT INTO "queue_counts" ("document_type", "shard", "available")
	SELECT "document_type", 0, count(*) FROM "tasks" WHERE "status" = 'available' GROUP BY "document_type";
