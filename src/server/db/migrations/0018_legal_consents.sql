CREATE TABLE "user_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"policy_version" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_consents_kind_check" CHECK ("user_consents"."kind" in ('terms','guardian')),
	CONSTRAINT "user_consents_version_check" CHECK (char_length("user_consents"."policy_version") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "page_content" DROP CONSTRAINT "page_content_page_key_check";--> statement-breakpoint
ALTER TABLE "user_consents" ADD CONSTRAINT "user_consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_consents_user_idx" ON "user_consents" USING btree ("user_id","accepted_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "page_content" ADD CONSTRAINT "page_content_page_key_check" CHECK ("page_content"."page_key" in ('site','hero','categories','featured','cta','footer','about','contact','payment','legal'));