-- The full-text indexes are rebuilt without GIN's pending list (fastupdate). With it, new entries wait in an
-- unordered list that every search scans until a vacuum folds them in: after a bulk load, a rare word took
-- 30-70 ms at a million listings. Listings change a few times a minute, so inserting into the index at once
-- costs nothing that matters.
DROP INDEX "listings_search_idx";--> statement-breakpoint
DROP INDEX "listings_title_search_idx";--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector") WITH (fastupdate=false) WHERE "listings"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "listings_title_search_idx" ON "listings" USING gin ("title_vector") WITH (fastupdate=false) WHERE "listings"."status" = 'approved';