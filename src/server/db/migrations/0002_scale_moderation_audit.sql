CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" text,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" ~ '^[a-z_]+\.[a-z_]+$')
);
--> statement-breakpoint
CREATE TABLE "listing_daily_stats" (
	"listing_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"enquiries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_listing_id_day_pk" PRIMARY KEY("listing_id","day"),
	CONSTRAINT "listing_daily_stats_counters_check" CHECK ("listing_daily_stats"."views" >= 0 and "listing_daily_stats"."enquiries" >= 0)
);
--> statement-breakpoint
CREATE TABLE "listing_view_marks" (
	"listing_id" uuid NOT NULL,
	"visitor_key" text NOT NULL,
	"counted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_view_marks_listing_id_visitor_key_pk" PRIMARY KEY("listing_id","visitor_key")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"bucket" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "uploads_url_unique" UNIQUE("url"),
	CONSTRAINT "uploads_bucket_check" CHECK ("uploads"."bucket" in ('listing-images','logos','avatars','hero-banners','site-assets'))
);
--> statement-breakpoint
DROP INDEX "listings_public_order_idx";--> statement-breakpoint
DROP INDEX "listings_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rank" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "primary_image_url" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "geo" "cube";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_view_marks" ADD CONSTRAINT "listing_view_marks_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_daily_stats_day_idx" ON "listing_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "listing_view_marks_counted_idx" ON "listing_view_marks" USING btree ("counted_at");--> statement-breakpoint
CREATE INDEX "uploads_unclaimed_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."claimed_at" is null;--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_browse_idx" ON "listings" USING btree ("rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_category_idx" ON "listings" USING btree ("category_id","rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_province_idx" ON "listings" USING btree ("province","rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_category_province_idx" ON "listings" USING btree ("category_id","province","rank" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_newest_idx" ON "listings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_price_asc_idx" ON "listings" USING btree (coalesce("price_from", 'Infinity'::numeric),"id") WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_price_desc_idx" ON "listings" USING btree (coalesce("price_from", '-Infinity'::numeric) desc,"id" desc) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_browse_rating_idx" ON "listings" USING btree ("rating" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector") WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_title_search_idx" ON "listings" USING gin (to_tsvector('english'::regconfig, "title")) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_geo_idx" ON "listings" USING gist ("geo") WHERE "listings"."status" = 'approved' and "listings"."geo" is not null;--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_city_trgm_idx" ON "listings" USING gin ("city" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "premium_content_access_one_pending_key" ON "premium_content_access" USING btree ("user_id") WHERE "premium_content_access"."payment_status" = 'pending';--> statement-breakpoint
CREATE INDEX "service_providers_business_name_trgm_idx" ON "service_providers" USING gin ("business_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_rank_check" CHECK ("listings"."rank" between 0 and 3);--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_rejection_reason_check" CHECK ("listings"."rejection_reason" is null or char_length("listings"."rejection_reason") <= 500);--> statement-breakpoint
ALTER TABLE "premium_content_access" ADD CONSTRAINT "premium_content_access_reference_check" CHECK ("premium_content_access"."payment_reference" is null or char_length("premium_content_access"."payment_reference") <= 100);--> statement-breakpoint
ALTER TABLE "premium_content_access" ADD CONSTRAINT "premium_content_access_reason_check" CHECK ("premium_content_access"."rejection_reason" is null or char_length("premium_content_access"."rejection_reason") <= 500);