CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"address_hash" text NOT NULL,
	"category" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_address_hash_category_pk" PRIMARY KEY("address_hash","category"),
	CONSTRAINT "mail_opt_outs_address_hash_check" CHECK ("mail_opt_outs"."address_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "mail_opt_outs_category_check" CHECK ("mail_opt_outs"."category" in ('enquiries','conversations','listing_moderation','guide_access','packages','admin_listings','admin_guide_payments'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_user_id_category_pk" PRIMARY KEY("user_id","category"),
	CONSTRAINT "notification_settings_category_check" CHECK ("notification_settings"."category" in ('enquiries','conversations','listing_moderation','guide_access','packages','admin_listings','admin_guide_payments'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"recipient" text NOT NULL,
	"user_id" text,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('pending','sending','sent','failed')),
	CONSTRAINT "outbox_attempts_check" CHECK ("outbox"."attempts" >= 0),
	CONSTRAINT "outbox_claim_check" CHECK ("outbox"."status" <> 'sending' or ("outbox"."locked_until" is not null and "outbox"."claim_token" is not null)),
	CONSTRAINT "outbox_sent_check" CHECK ("outbox"."status" <> 'sent' or "outbox"."sent_at" is not null),
	CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" ~ '^[a-z_]{1,60}$'),
	CONSTRAINT "outbox_category_check" CHECK ("outbox"."category" = 'account' or "outbox"."category" in ('enquiries','conversations','listing_moderation','guide_access','packages','admin_listings','admin_guide_payments'))
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_dedupe_key" ON "outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_lease_idx" ON "outbox" USING btree ("locked_until") WHERE "outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id");