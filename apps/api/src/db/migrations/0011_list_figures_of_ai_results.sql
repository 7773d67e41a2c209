-- The number of keys of a JSON object (0 for anything else): the AI result's value count.
CREATE FUNCTION "sieve_jsonb_key_count"(value jsonb) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT CASE WHEN jsonb_typeof(value) = 'object' THEN (SELECT count(*)::integer FROM jsonb_object_keys(value)) ELSE 0 END
$$;
--> statement-breakpoint
-- What the worker list shows of a task's AI result, kept with it: each poll read and decompressed
-- the whole result of every listed task (kilobytes for a real document) for two figures.
-- One ALTER: the table is rewritten once.
ALTER TABLE "tasks"
	ADD COLUMN "ai_confidence_score" double precision GENERATED ALWAYS AS (case when jsonb_typeof(ai_result->'confidence_score') = 'number' then (ai_result->>'confidence_score')::float8 else 0 end) STORED NOT NULL,
	ADD COLUMN "ai_field_count" integer GENERATED ALWAYS AS (sieve_jsonb_key_count(ai_result->'result')) STORED NOT NULL;
