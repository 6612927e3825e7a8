CREATE TABLE "content_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"review_id" uuid,
	"reporter_user_id" text,
	"reason" text NOT NULL,
	"details" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_reports_type_check" CHECK ("content_reports"."type" in ('listing', 'review')),
	CONSTRAINT "content_reports_listing_has_no_review_check" CHECK ("content_reports"."type" = 'review' or "content_reports"."review_id" is null),
	CONSTRAINT "content_reports_reason_check" CHECK ("content_reports"."reason" in ('misleading', 'inappropriate', 'scam', 'duplicate', 'other')),
	CONSTRAINT "content_reports_status_check" CHECK ("content_reports"."status" in ('open', 'resolved', 'dismissed')),
	CONSTRAINT "content_reports_details_check" CHECK ("content_reports"."details" is null or char_length("content_reports"."details") between 1 and 1000),
	CONSTRAINT "content_reports_other_has_details_check" CHECK ("content_reports"."reason" <> 'other' or "content_reports"."details" is not null),
	CONSTRAINT "content_reports_resolved_check" CHECK (("content_reports"."status" = 'open') = ("content_reports"."resolved_at" is null))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "response" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "response_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "response_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_reporter_user_id_user_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_reports" ADD CONSTRAINT "content_reports_resolved_by_user_id_user_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_listing_key" ON "content_reports" USING btree ("reporter_user_id","listing_id") WHERE "content_reports"."status" = 'open' and "content_reports"."type" = 'listing';--> statement-breakpoint
CREATE UNIQUE INDEX "content_reports_open_review_key" ON "content_reports" USING btree ("reporter_user_id","review_id") WHERE "content_reports"."status" = 'open' and "content_reports"."type" = 'review';--> statement-breakpoint
CREATE INDEX "content_reports_status_created_idx" ON "content_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_reports_listing_idx" ON "content_reports" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "content_reports_review_idx" ON "content_reports" USING btree ("review_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_response_check" CHECK (("reviews"."response" is null and "reviews"."response_created_at" is null and "reviews"."response_updated_at" is null)
          or (char_length("reviews"."response") between 1 and 1000 and "reviews"."response_created_at" is not null
              and "reviews"."response_updated_at" is not null));