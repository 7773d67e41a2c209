CREATE TABLE "people_counts" (
	"user_type" text NOT NULL,
	"state" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "people_counts_user_type_state_pk" PRIMARY KEY("user_type","state")
);
--> statement-breakpoint
-- An account's state as the admin counts it: none once deleted; a reviewer is pending until approved.
CREATE FUNCTION "people_state"(user_type text, is_approved boolean, is_active boolean, deleted_at timestamptz)
	RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN deleted_at IS NOT NULL THEN NULL
		WHEN user_type = 'worker' AND NOT is_approved THEN 'pending'
		WHEN is_active THEN 'active'
		ELSE 'inactive'
	END
$$;
--> statement-breakpoint
-- The admin's team counts (issue 40: one source per figure) without counting users per read: each
-- sign-up, approval, deactivation or deletion moves its account between states in the same
-- transaction, so the overview and the lists show it the moment it commits.
CREATE FUNCTION "people_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_state text;
	new_state text;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		old_state := people_state(OLD.user_type, OLD.is_approved, OLD.is_active, OLD.deleted_at);
	END IF;
	IF TG_OP <> 'DELETE' THEN
		new_state := people_state(NEW.user_type, NEW.is_approved, NEW.is_active, NEW.deleted_at);
	END IF;
	IF TG_OP = 'UPDATE' AND OLD.user_type = NEW.user_type AND old_state IS NOT DISTINCT FROM new_state THEN
		RETURN NULL;
	END IF;
	IF old_state IS NOT NULL THEN
		INSERT INTO people_counts AS p (user_type, state, n) VALUES (OLD.user_type, old_state, -1)
		ON CONFLICT (user_type, state) DO UPDATE SET n = p.n - 1;
	END IF;
	IF new_state IS NOT NULL THEN
		INSERT INTO people_counts AS p (user_type, state, n) VALUES (NEW.user_type, new_state, 1)
		ON CONFLICT (user_type, state) DO UPDATE SET n = p.n + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_people_counts_insert" AFTER INSERT ON "users" FOR EACH ROW
	EXECUTE FUNCTION "people_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "users_people_counts_update" AFTER UPDATE OF "user_type", "is_approved", "is_active", "deleted_at"
	ON "users" FOR EACH ROW EXECUTE FUNCTION "people_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "users_people_counts_delete" AFTER DELETE ON "users" FOR EACH ROW
	EXECUTE FUNCTION "people_counts_track"();
--> statement-breakpoint
INSERT INTO "people_counts" ("user_type", "state", "n")
	SELECT "user_type", people_state("user_type", "is_approved", "is_active", "deleted_at"), count(*)
	FROM "users" WHERE "deleted_at" IS NULL GROUP BY 1, 2;
