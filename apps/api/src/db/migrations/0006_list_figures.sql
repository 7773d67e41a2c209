CREATE TABLE "requester_figures" (
	"requester_id" uuid PRIMARY KEY NOT NULL,
	"submitted" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"last_request" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "worker_figures" (
	"worker_id" uuid PRIMARY KEY NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"confidence_sum" double precision DEFAULT 0 NOT NULL,
	"confidence_count" integer DEFAULT 0 NOT NULL,
	"time_sum" double precision DEFAULT 0 NOT NULL,
	"time_count" integer DEFAULT 0 NOT NULL,
	"items_total" bigint DEFAULT 0 NOT NULL,
	"items_matched" bigint DEFAULT 0 NOT NULL,
	"pdf_total" bigint DEFAULT 0 NOT NULL,
	"pdf_matched" bigint DEFAULT 0 NOT NULL,
	"sec_total" bigint DEFAULT 0 NOT NULL,
	"sec_matched" bigint DEFAULT 0 NOT NULL,
	"credit_card_total" bigint DEFAULT 0 NOT NULL,
	"credit_card_matched" bigint DEFAULT 0 NOT NULL,
	"last_finished" timestamp with time zone
);
--> statement-breakpoint
-- The admin lists' per-reviewer figures (spec 02 §5), kept with each change of an assignment:
-- a row's share is taken out (OLD) and put back (NEW). Only a submitted review counts as
-- completed, with its confidence and time; items count whatever the status (as the list did).
CREATE FUNCTION "worker_figures_add"(a assignments, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	doc text;
	submitted boolean := a.status = 'submitted';
BEGIN
	IF a.items_total IS NOT NULL THEN
		SELECT document_type INTO doc FROM tasks WHERE id = a.task_id;
	END IF;
	INSERT INTO worker_figures AS f (worker_id, completed, rejected, confidence_sum, confidence_count,
		time_sum, time_count, items_total, items_matched, pdf_total, pdf_matched, sec_total, sec_matched,
		credit_card_total, credit_card_matched, last_finished)
	VALUES (a.worker_id,
		sign * (submitted)::int,
		sign * (a.status = 'rejected')::int,
		sign * CASE WHEN submitted THEN coalesce(a.confidence, 0) ELSE 0 END,
		sign * (submitted AND a.confidence IS NOT NULL)::int,
		sign * CASE WHEN submitted THEN coalesce(a.time_spent_seconds, 0) ELSE 0 END,
		sign * (submitted AND a.time_spent_seconds IS NOT NULL)::int,
		sign * coalesce(a.items_total, 0),
		sign * coalesce(a.items_matched, 0),
		sign * CASE WHEN doc = 'pdf' THEN coalesce(a.items_total, 0) ELSE 0 END,
		sign * CASE WHEN doc = 'pdf' THEN coalesce(a.items_matched, 0) ELSE 0 END,
		sign * CASE WHEN doc = 'sec' THEN coalesce(a.items_total, 0) ELSE 0 END,
		sign * CASE WHEN doc = 'sec' THEN coalesce(a.items_matched, 0) ELSE 0 END,
		sign * CASE WHEN doc = 'credit_card' THEN coalesce(a.items_total, 0) ELSE 0 END,
		sign * CASE WHEN doc = 'credit_card' THEN coalesce(a.items_matched, 0) ELSE 0 END,
		CASE WHEN sign > 0 THEN a.finished_at END)
	ON CONFLICT (worker_id) DO UPDATE SET
		completed = f.completed + excluded.completed,
		rejected = f.rejected + excluded.rejected,
		confidence_sum = f.confidence_sum + excluded.confidence_sum,
		confidence_count = f.confidence_count + excluded.confidence_count,
		time_sum = f.time_sum + excluded.time_sum,
		time_count = f.time_count + excluded.time_count,
		items_total = f.items_total + excluded.items_total,
		items_matched = f.items_matched + excluded.items_matched,
		pdf_total = f.pdf_total + excluded.pdf_total,
		pdf_matched = f.pdf_matched + excluded.pdf_matched,
		sec_total = f.sec_total + excluded.sec_total,
		sec_matched = f.sec_matched + excluded.sec_matched,
		credit_card_total = f.credit_card_total + excluded.credit_card_total,
		credit_card_matched = f.credit_card_matched + excluded.credit_card_matched,
		-- The latest finish only moves forward (a removed assignment's time stays: it happened).
		last_finished = greatest(f.last_finished, excluded.last_finished);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "worker_figures_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN PERFORM worker_figures_add(OLD, -1); END IF;
	IF TG_OP <> 'DELETE' THEN PERFORM worker_figures_add(NEW, 1); END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A fresh claim counts for nothing yet; a lease renewal changes nothing the figures read.
CREATE TRIGGER "assignments_figures_insert" AFTER INSERT ON "assignments" FOR EACH ROW
	WHEN (NEW.status <> 'claimed' OR NEW.finished_at IS NOT NULL OR NEW.items_total IS NOT NULL)
	EXECUTE FUNCTION "worker_figures_track"();
--> statement-breakpoint
CREATE TRIGGER "assignments_figures_update" AFTER UPDATE ON "assignments" FOR EACH ROW
	WHEN ((OLD.status, OLD.worker_id, OLD.task_id, OLD.confidence, OLD.time_spent_seconds, OLD.items_total,
		OLD.items_matched, OLD.finished_at) IS DISTINCT FROM (NEW.status, NEW.worker_id, NEW.task_id,
		NEW.confidence, NEW.time_spent_seconds, NEW.items_total, NEW.items_matched, NEW.finished_at))
	EXECUTE FUNCTION "worker_figures_track"();
--> statement-breakpoint
CREATE TRIGGER "assignments_figures_delete" AFTER DELETE ON "assignments" FOR EACH ROW
	EXECUTE FUNCTION "worker_figures_track"();
--> statement-breakpoint
INSERT INTO "worker_figures" SELECT a.worker_id,
	count(*) FILTER (WHERE a.status = 'submitted'),
	count(*) FILTER (WHERE a.status = 'rejected'),
	coalesce(sum(a.confidence) FILTER (WHERE a.status = 'submitted'), 0),
	count(a.confidence) FILTER (WHERE a.status = 'submitted'),
	coalesce(sum(a.time_spent_seconds) FILTER (WHERE a.status = 'submitted'), 0),
	count(a.time_spent_seconds) FILTER (WHERE a.status = 'submitted'),
	coalesce(sum(a.items_total), 0), coalesce(sum(a.items_matched), 0),
	coalesce(sum(a.items_total) FILTER (WHERE t.document_type = 'pdf'), 0),
	coalesce(sum(a.items_matched) FILTER (WHERE t.document_type = 'pdf'), 0),
	coalesce(sum(a.items_total) FILTER (WHERE t.document_type = 'sec'), 0),
	coalesce(sum(a.items_matched) FILTER (WHERE t.document_type = 'sec'), 0),
	coalesce(sum(a.items_total) FILTER (WHERE t.document_type = 'credit_card'), 0),
	coalesce(sum(a.items_matched) FILTER (WHERE t.document_type = 'credit_card'), 0),
	max(a.finished_at)
FROM "assignments" a JOIN "tasks" t ON t.id = a.task_id GROUP BY a.worker_id;
--> statement-breakpoint
-- The admin lists' per-requester counts, kept with each request's status or deletion.
CREATE FUNCTION "requester_figures_add"(r requests, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	IF r.deleted_at IS NOT NULL THEN RETURN; END IF;
	INSERT INTO requester_figures AS f (requester_id, submitted, completed, active, last_request)
	VALUES (r.requester_id, sign, sign * (r.status = 'completed')::int,
		sign * (r.status IN ('pending', 'processing'))::int, CASE WHEN sign > 0 THEN r.created_at END)
	ON CONFLICT (requester_id) DO UPDATE SET
		submitted = f.submitted + excluded.submitted,
		completed = f.completed + excluded.completed,
		active = f.active + excluded.active,
		last_request = greatest(f.last_request, excluded.last_request);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "requester_figures_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN PERFORM requester_figures_add(OLD, -1); END IF;
	IF TG_OP <> 'DELETE' THEN PERFORM requester_figures_add(NEW, 1); END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "requests_figures_insert" AFTER INSERT ON "requests" FOR EACH ROW
	EXECUTE FUNCTION "requester_figures_track"();
--> statement-breakpoint
CREATE TRIGGER "requests_figures_update" AFTER UPDATE ON "requests" FOR EACH ROW
	WHEN ((OLD.status, OLD.deleted_at, OLD.requester_id, OLD.created_at)
		IS DISTINCT FROM (NEW.status, NEW.deleted_at, NEW.requester_id, NEW.created_at))
	EXECUTE FUNCTION "requester_figures_track"();
--> statement-breakpoint
CREATE TRIGGER "requests_figures_delete" AFTER DELETE ON "requests" FOR EACH ROW
	EXECUTE FUNCTION "requester_figures_track"();
--> statement-breakpoint
INSERT INTO "requester_figures" SELECT requester_id, count(*),
	count(*) FILTER (WHERE status = 'completed'),
	count(*) FILTER (WHERE status IN ('pending', 'processing')),
	max(created_at)
FROM "requests" WHERE deleted_at IS NULL GROUP BY requester_id;
