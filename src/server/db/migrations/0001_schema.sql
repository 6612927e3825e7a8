CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"icon" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name"),
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"listing_id" uuid,
	"service_provider_id" uuid NOT NULL,
	"user_name" text NOT NULL,
	"user_email" text NOT NULL,
	"user_phone" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_status_check" CHECK ("enquiries"."status" in ('new','read','replied','archived')),
	CONSTRAINT "enquiries_lengths_check" CHECK (char_length("enquiries"."user_name") between 1 and 100 and char_length("enquiries"."user_email") between 3 and 255
        and ("enquiries"."user_phone" is null or char_length("enquiries"."user_phone") <= 20)
        and char_length("enquiries"."message") between 10 and 1000)
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_text_check" CHECK (length(trim("faqs"."question")) > 0 and length(trim("faqs"."answer")) > 0)
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hero_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_url" text NOT NULL,
	"alt_text" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"image_url" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_provider_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"province" text NOT NULL,
	"city" text NOT NULL,
	"price_from" numeric(12, 2),
	"price_to" numeric(12, 2),
	"latitude" double precision,
	"longitude" double precision,
	"featured" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('pending','approved','rejected')),
	CONSTRAINT "listings_province_check" CHECK ("listings"."province" in ('gauteng','western_cape','kwazulu_natal','eastern_cape','limpopo','mpumalanga','north_west','free_state','northern_cape')),
	CONSTRAINT "listings_price_from_check" CHECK ("listings"."price_from" is null or "listings"."price_from" >= 0),
	CONSTRAINT "listings_price_to_check" CHECK ("listings"."price_to" is null or "listings"."price_to" >= 0),
	CONSTRAINT "listings_price_range_check" CHECK ("listings"."price_from" is null or "listings"."price_to" is null or "listings"."price_to" >= "listings"."price_from"),
	CONSTRAINT "listings_latitude_check" CHECK ("listings"."latitude" is null or "listings"."latitude" between -90 and 90),
	CONSTRAINT "listings_longitude_check" CHECK ("listings"."longitude" is null or "listings"."longitude" between -180 and 180),
	CONSTRAINT "listings_counters_check" CHECK ("listings"."views" >= 0 and "listings"."review_count" >= 0),
	CONSTRAINT "listings_rating_check" CHECK ("listings"."rating" >= 0 and "listings"."rating" <= 5)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_type" text NOT NULL,
	"name" text NOT NULL,
	"emoji" text DEFAULT '📦' NOT NULL,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"period" text DEFAULT '/month' NOT NULL,
	"max_listings" integer DEFAULT 1 NOT NULL,
	"max_images" integer DEFAULT 1 NOT NULL,
	"color" text,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"popular" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"can_feature" boolean DEFAULT false NOT NULL,
	"has_priority_placement" boolean DEFAULT false NOT NULL,
	"has_analytics" boolean DEFAULT false NOT NULL,
	"has_verification_badge" boolean DEFAULT false NOT NULL,
	"can_receive_reviews" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_package_type_unique" UNIQUE("package_type"),
	CONSTRAINT "packages_type_check" CHECK ("packages"."package_type" ~ '^[a-z0-9_]+$'),
	CONSTRAINT "packages_price_check" CHECK ("packages"."price" >= 0),
	CONSTRAINT "packages_max_listings_check" CHECK ("packages"."max_listings" >= -1),
	CONSTRAINT "packages_max_images_check" CHECK ("packages"."max_images" >= 0)
);
--> statement-breakpoint
CREATE TABLE "page_content" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_key" text NOT NULL,
	"section_key" text NOT NULL,
	"content_type" text DEFAULT 'text' NOT NULL,
	"content_value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_content_page_key_check" CHECK ("page_content"."page_key" in ('site','hero','categories','featured','cta','footer','about','contact','payment')),
	CONSTRAINT "page_content_type_check" CHECK ("page_content"."content_type" in ('text','image','html'))
);
--> statement-breakpoint
CREATE TABLE "premium_access_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"user_agent" text,
	"accessed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "premium_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text,
	"content" text NOT NULL,
	"category_id" uuid,
	"featured_image_url" text,
	"is_published" boolean DEFAULT false NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "premium_articles_slug_check" CHECK ("premium_articles"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "premium_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "premium_content_access" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"payment_amount" numeric(12, 2) DEFAULT 50 NOT NULL,
	"payment_reference" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	CONSTRAINT "premium_content_access_status_check" CHECK ("premium_content_access"."payment_status" in ('pending','approved','rejected')),
	CONSTRAINT "premium_content_access_amount_check" CHECK ("premium_content_access"."payment_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text,
	"phone" text,
	"city" text,
	"province" text,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_province_check" CHECK ("profiles"."province" is null or "profiles"."province" in ('gauteng','western_cape','kwazulu_natal','eastern_cape','limpopo','mpumalanga','north_west','free_state','northern_cape'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"service_provider_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_comment_check" CHECK ("reviews"."comment" is null or char_length("reviews"."comment") <= 500)
);
--> statement-breakpoint
CREATE TABLE "service_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"business_name" text NOT NULL,
	"description" text,
	"logo_url" text,
	"phone" text,
	"package_type" text DEFAULT 'basic' NOT NULL,
	"package_expires_at" timestamp with time zone,
	"payment_status" text DEFAULT 'active' NOT NULL,
	"total_views" integer DEFAULT 0 NOT NULL,
	"total_enquiries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_providers_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "service_providers_payment_status_check" CHECK ("service_providers"."payment_status" in ('active','pending','expired','cancelled')),
	CONSTRAINT "service_providers_totals_check" CHECK ("service_providers"."total_views" >= 0 and "service_providers"."total_enquiries" >= 0)
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"platform" text NOT NULL,
	"url" text NOT NULL,
	"icon" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_links_platform_check" CHECK ("social_links"."platform" in ('facebook','instagram','twitter','youtube','tiktok','linkedin','whatsapp','telegram')),
	CONSTRAINT "social_links_url_check" CHECK ("social_links"."url" ~ '^https?://')
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('user','service_provider','admin'))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_access_logs" ADD CONSTRAINT "premium_access_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_articles" ADD CONSTRAINT "premium_articles_category_id_premium_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."premium_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_content_access" ADD CONSTRAINT "premium_content_access_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_content_access" ADD CONSTRAINT "premium_content_access_approved_by_user_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_providers" ADD CONSTRAINT "service_providers_package_type_packages_package_type_fk" FOREIGN KEY ("package_type") REFERENCES "public"."packages"("package_type") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enquiries_provider_idx" ON "enquiries" USING btree ("service_provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_user_idx" ON "enquiries" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_created_idx" ON "enquiries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "faqs_order_idx" ON "faqs" USING btree ("is_active","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "favorites_user_listing_key" ON "favorites" USING btree ("user_id","listing_id");--> statement-breakpoint
CREATE INDEX "favorites_user_idx" ON "favorites" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "hero_banners_order_idx" ON "hero_banners" USING btree ("is_active","display_order");--> statement-breakpoint
CREATE INDEX "listing_images_listing_idx" ON "listing_images" USING btree ("listing_id","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_images_one_primary_key" ON "listing_images" USING btree ("listing_id") WHERE "listing_images"."is_primary";--> statement-breakpoint
CREATE INDEX "listings_public_order_idx" ON "listings" USING btree ("status","featured" DESC NULLS LAST,"created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_category_idx" ON "listings" USING btree ("category_id","status");--> statement-breakpoint
CREATE INDEX "listings_province_idx" ON "listings" USING btree ("province","status");--> statement-breakpoint
CREATE INDEX "listings_provider_idx" ON "listings" USING btree ("service_provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_title_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_description_trgm_idx" ON "listings" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "packages_display_order_idx" ON "packages" USING btree ("display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "page_content_key" ON "page_content" USING btree ("page_key","section_key","content_type");--> statement-breakpoint
CREATE INDEX "premium_access_logs_user_idx" ON "premium_access_logs" USING btree ("user_id","accessed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "premium_articles_published_idx" ON "premium_articles" USING btree ("is_published","display_order");--> statement-breakpoint
CREATE INDEX "premium_content_access_user_idx" ON "premium_content_access" USING btree ("user_id","purchased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "premium_content_access_status_idx" ON "premium_content_access" USING btree ("payment_status","purchased_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_listing_key" ON "reviews" USING btree ("user_id","listing_id");--> statement-breakpoint
CREATE INDEX "reviews_listing_idx" ON "reviews" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_provider_idx" ON "reviews" USING btree ("service_provider_id");--> statement-breakpoint
CREATE INDEX "service_providers_package_type_idx" ON "service_providers" USING btree ("package_type");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "social_links_order_idx" ON "social_links" USING btree ("is_active","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_role_key" ON "user_roles" USING btree ("user_id","role");