-- Each data point's value and confidence of an AI result's `result` object ({} for anything else),
-- as the worker list shows it (spec 01 §7, ListedAiResult): no source texts or locations.
CREATE FUNCTION "sieve_listed_ai_values"(value jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce((
		SELECT jsonb_object_agg(item.key, CASE WHEN jsonb_typeof(item.value) = 'object'
			THEN jsonb_build_object(
				'value', coalesce(item.value -> 'value', 'null'::jsonb),
				'confidence', CASE WHEN jsonb_typeof(item.value -> 'confidence') = 'number'
					THEN item.value -> 'confidence' ELSE 'null'::jsonb END)
			ELSE jsonb_build_object('value', item.value, 'confidence', null) END)
		FROM jsonb_each(CASE WHEN jsonb_typeof(value) = 'object' THEN value ELSE '{}'::jsonb END) item
	), '{}'::jsonb)
$$;
--> statement-breakpoint
-- Kept with the result: each worker-list poll read and decompressed the whole result of every
-- listed task (kilobytes for a real document) to build this (3.0 of 3.3 ms a 10-task page).
ALTER TABLE "tasks" ADD COLUMN "ai_listed_result" jsonb GENERATED ALWAYS AS (sieve_listed_ai_values(ai_result->'result')) STORED NOT NULL;
