-- One customer's requests settled by many reviewers at once all updated the same figures row and
-- waited on each other's commit (77 ms per review at 100 reviewers on one requester): a
-- requester's figures are now spread over 64 shards, the writing connection's, and readers sum
-- them. The queue's counts go from 16 to 64 shards for the same reason (a pool of 20 connections
-- on 16 shards always had some of them waiting on each other).
ALTER TABLE "requester_figures" DROP CONSTRAINT "requester_figures_pkey";--> statement-breakpoint
ALTER TABLE "requester_figures" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requester_figures" ADD CONSTRAINT "requester_figures_requester_id_shard_pk" PRIMARY KEY("requester_id","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "requester_figures_add"(r requests, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF r.deleted_at IS NOT NULL THEN RETURN; END IF;
	INSERT INTO requester_figures AS f (requester_id, shard, submitted, completed, active, last_request)
	VALUES (r.requester_id, pg_backend_pid() % 64, sign, sign * (r.status = 'completed')::int,
		sign * (r.status IN ('pending', 'processing'))::int, CASE WHEN sign > 0 THEN r.created_at END)
	ON CONFLICT (requester_id, shard) DO UPDATE SET
		submitted = f.submitted + excluded.submitted,
		completed = f.completed + excluded.completed,
		active = f.active + excluded.active,
		last_request = greatest(f.last_request, excluded.last_request);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "queue_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	my_shard smallint := pg_backend_pid() % 64;
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
