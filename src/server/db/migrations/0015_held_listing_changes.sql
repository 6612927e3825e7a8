CREATE TABLE "listing_changes" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"revision" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text,
	"category_id" uuid,
	"description" text,
	"province" text,
	"city" text,
	"images" jsonb,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_changes_province_check" CHECK ("listing_changes"."province" is null or "listing_changes"."province" in ('gauteng','western_cape','kwazulu_natal','eastern_cape','limpopo','mpumalanga','north_west','free_state','northern_cape')),
	CONSTRAINT "listing_changes_not_empty_check" CHECK (num_nonnulls("listing_changes"."title", "listing_changes"."category_id", "listing_changes"."description", "listing_changes"."province", "listing_changes"."city", "listing_changes"."images") > 0),
	CONSTRAINT "listing_changes_images_check" CHECK ("listing_changes"."images" is null or (jsonb_typeof("listing_changes"."images") = 'array' and jsonb_array_length("listing_changes"."images") > 0))
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "changes_rejection_reason" text;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_changes" ADD CONSTRAINT "listing_changes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_changes_submitted_idx" ON "listing_changes" USING btree ("submitted_at");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_changes_rejection_reason_check" CHECK ("listings"."changes_rejection_reason" is null or char_length("listings"."changes_rejection_reason") <= 500);