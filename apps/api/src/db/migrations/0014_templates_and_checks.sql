CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requester_id" uuid NOT NULL,
	"name" text NOT NULL,
	"document_type" text NOT NULL,
	"fields" jsonb NOT NULL,
	"checks" jsonb NOT NULL,
	"learning" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "final_checks" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "final_checks" jsonb;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "templates_requester_idx" ON "templates" USING btree ("requester_id","created_at");