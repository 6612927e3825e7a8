-- Title matches rank first in search: the title's own document is stored (kept by the same trigger as the
-- other derived columns) so that testing it costs no parsing and the planner has statistics for it.
ALTER TABLE "listings" ADD COLUMN "title_vector" "tsvector";--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_listings_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rank := (CASE WHEN NEW.featured THEN 2 ELSE 0 END)
            + (CASE WHEN coalesce(mm_provider_priority(NEW.service_provider_id), false) THEN 1 ELSE 0 END);
  NEW.search_vector := mm_listing_document(
    NEW.title, (SELECT c.name FROM categories c WHERE c.id = NEW.category_id), NEW.city, NEW.description);
  NEW.title_vector := to_tsvector('english'::regconfig, coalesce(NEW.title, ''));
  NEW.geo := mm_listing_geo(NEW.latitude, NEW.longitude);
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "listings" SET "title_vector" = to_tsvector('english'::regconfig, coalesce("title", ''));--> statement-breakpoint
DROP INDEX "listings_title_search_idx";--> statement-breakpoint
CREATE INDEX "listings_title_search_idx" ON "listings" USING gin ("title_vector") WHERE "listings"."status" = 'approved';
