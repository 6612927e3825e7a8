-- Statistics on the price expression the price filters and sorts use (the indexes on it are partial, and
-- the planner takes no estimates from a partial index): without them a price range is guessed to match
-- 0.5% of the listings whatever its width, and a wide range is counted through its index instead of by
-- reading rows until the count's cap (decision 0008).
CREATE STATISTICS IF NOT EXISTS "listings_price_stats" ON (COALESCE("price_from", 'Infinity'::numeric)) FROM "listings";--> statement-breakpoint
ANALYZE "listings";
