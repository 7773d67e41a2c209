CREATE TABLE "hints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text,
	"field" text NOT NULL,
	"place" jsonb NOT NULL,
	"place_key" text NOT NULL,
	"scale" text,
	"type" text,
	"taught_by" jsonb NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"corrections" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_places" (
	"task_id" uuid PRIMARY KEY NOT NULL,
	"requester_id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"source" text,
	"readings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "hints" ADD CONSTRAINT "hints_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_places" ADD CONSTRAINT "task_places_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_places" ADD CONSTRAINT "task_places_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hints_place_uq" ON "hints" USING btree ("requester_id","fingerprint","field","place_key");--> statement-breakpoint
CREATE INDEX "hints_requester_idx" ON "hints" USING btree ("requester_id","created_at");