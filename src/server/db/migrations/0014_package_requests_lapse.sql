CREATE TABLE "package_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_provider_id" uuid NOT NULL,
	"package_type" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "package_requests_kind_check" CHECK ("package_requests"."kind" in ('upgrade','renewal')),
	CONSTRAINT "package_requests_status_check" CHECK ("package_requests"."status" in ('pending','activated')),
	CONSTRAINT "package_requests_closed_check" CHECK (("package_requests"."status" = 'pending') = ("package_requests"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_service_provider_id_service_providers_id_fk" FOREIGN KEY ("service_provider_id") REFERENCES "public"."service_providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_requests" ADD CONSTRAINT "package_requests_package_type_packages_package_type_fk" FOREIGN KEY ("package_type") REFERENCES "public"."packages"("package_type") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "package_requests_one_open_key" ON "package_requests" USING btree ("service_provider_id") WHERE "package_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "package_requests_provider_idx" ON "package_requests" USING btree ("service_provider_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_ranked_provider_idx" ON "listings" USING btree ("service_provider_id") WHERE "listings"."rank" > 0;--> statement-breakpoint
CREATE INDEX "service_providers_package_expires_idx" ON "service_providers" USING btree ("package_expires_at");--> statement-breakpoint
-- hand-written: begin
-- Packages that lapse (issue 23, decision 0040): a package is in force only while payment_status is active
-- and package_expires_at is in the future. One rule for every reader (mm_package_in_force), and the browse
-- rank (2 x featured + priority placement) counts only while the provider's package is in force.
CREATE OR REPLACE FUNCTION mm_package_in_force(payment_status text, expires_at timestamptz, at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(payment_status = 'active' AND expires_at > at, false)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_listing_rank(featured boolean, provider_id uuid, at timestamptz)
RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT CASE WHEN mm_package_in_force(sp.payment_status, sp.package_expires_at, at)
                THEN (CASE WHEN featured THEN 2 ELSE 0 END)
                   + (CASE WHEN coalesce(p.has_priority_placement, false) THEN 1 ELSE 0 END)
                ELSE 0 END
      FROM service_providers sp LEFT JOIN packages p ON p.package_type = sp.package_type
     WHERE sp.id = provider_id), 0)::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_listings_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rank := mm_listing_rank(NEW.featured, NEW.service_provider_id, now());
  NEW.search_vector := mm_listing_document(
    NEW.title, (SELECT c.name FROM categories c WHERE c.id = NEW.category_id), NEW.city, NEW.description);
  NEW.title_vector := to_tsvector('english'::regconfig, coalesce(NEW.title, ''));
  NEW.geo := mm_listing_geo(NEW.latitude, NEW.longitude);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_provider_package_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.package_type IS DISTINCT FROM OLD.package_type
     OR NEW.payment_status IS DISTINCT FROM OLD.payment_status
     OR NEW.package_expires_at IS DISTINCT FROM OLD.package_expires_at THEN
    UPDATE listings l SET rank = mm_listing_rank(l.featured, NEW.id, now())
     WHERE l.service_provider_id = NEW.id AND l.rank IS DISTINCT FROM mm_listing_rank(l.featured, NEW.id, now());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS service_providers_package_changed ON service_providers;--> statement-breakpoint
CREATE TRIGGER service_providers_package_changed
AFTER UPDATE OF package_type, payment_status, package_expires_at ON service_providers
FOR EACH ROW EXECUTE FUNCTION mm_provider_package_changed();--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_package_priority_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.has_priority_placement IS DISTINCT FROM OLD.has_priority_placement THEN
    UPDATE listings l SET rank = mm_listing_rank(l.featured, l.service_provider_id, now())
      FROM service_providers sp
     WHERE sp.id = l.service_provider_id AND sp.package_type = NEW.package_type;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_package_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text := CASE WHEN TG_OP = 'DELETE' THEN OLD.package_type ELSE NEW.package_type END;
BEGIN
  UPDATE listings l SET rank = mm_listing_rank(l.featured, l.service_provider_id, now())
    FROM service_providers sp
   WHERE sp.id = l.service_provider_id AND sp.package_type = t;
  RETURN NULL;
END
$$;--> statement-breakpoint
UPDATE listings l SET rank = mm_listing_rank(l.featured, l.service_provider_id, now())
 WHERE l.rank IS DISTINCT FROM mm_listing_rank(l.featured, l.service_provider_id, now());
-- hand-written: end
