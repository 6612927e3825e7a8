-- Derived listing columns kept by the database itself, so that every code path (API, admin, seed, scripts)
-- keeps them right in the same transaction as the change that affects them:
--   listings.rank               2 × featured + 1 × the provider package's has_priority_placement
--   listings.search_vector      title (A), category name and city (B), description (C), English stemming
--   listings.geo                unit-sphere point of (latitude, longitude) for nearest-first GiST ordering
--   listings.primary_image_url  the primary image (primary first, then display order, then age)
-- See docs/decisions/0008-browse-at-scale.md.

CREATE OR REPLACE FUNCTION mm_listing_geo(lat float8, lng float8) RETURNS cube
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lat IS NULL OR lng IS NULL THEN NULL ELSE
    cube(ARRAY[cos(radians(lat)) * cos(radians(lng)), cos(radians(lat)) * sin(radians(lng)), sin(radians(lat))])
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_listing_document(title text, category text, city text, description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(category, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(city, '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_provider_priority(provider_id uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT coalesce(p.has_priority_placement, false)
    FROM service_providers sp LEFT JOIN packages p ON p.package_type = sp.package_type
   WHERE sp.id = provider_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_listings_derive() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.rank := (CASE WHEN NEW.featured THEN 2 ELSE 0 END)
            + (CASE WHEN coalesce(mm_provider_priority(NEW.service_provider_id), false) THEN 1 ELSE 0 END);
  NEW.search_vector := mm_listing_document(
    NEW.title, (SELECT c.name FROM categories c WHERE c.id = NEW.category_id), NEW.city, NEW.description);
  NEW.geo := mm_listing_geo(NEW.latitude, NEW.longitude);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_derive
BEFORE INSERT OR UPDATE OF featured, service_provider_id, title, description, city, category_id, latitude, longitude
ON listings FOR EACH ROW EXECUTE FUNCTION mm_listings_derive();
--> statement-breakpoint
-- A provider changes package: its listings' rank follows.
CREATE OR REPLACE FUNCTION mm_provider_package_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.package_type IS DISTINCT FROM OLD.package_type THEN
    UPDATE listings l
       SET rank = (CASE WHEN l.featured THEN 2 ELSE 0 END)
                + (CASE WHEN coalesce(mm_provider_priority(NEW.id), false) THEN 1 ELSE 0 END)
     WHERE l.service_provider_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_providers_package_changed
AFTER UPDATE OF package_type ON service_providers
FOR EACH ROW EXECUTE FUNCTION mm_provider_package_changed();
--> statement-breakpoint
-- A package's priority placement changes: every listing of its providers follows.
CREATE OR REPLACE FUNCTION mm_package_priority_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.has_priority_placement IS DISTINCT FROM OLD.has_priority_placement THEN
    UPDATE listings l
       SET rank = (CASE WHEN l.featured THEN 2 ELSE 0 END) + (CASE WHEN NEW.has_priority_placement THEN 1 ELSE 0 END)
      FROM service_providers sp
     WHERE sp.id = l.service_provider_id AND sp.package_type = NEW.package_type;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER packages_priority_changed
AFTER UPDATE OF has_priority_placement ON packages
FOR EACH ROW EXECUTE FUNCTION mm_package_priority_changed();
--> statement-breakpoint
-- A package row appears or disappears (a provider on an unknown type has no priority).
CREATE OR REPLACE FUNCTION mm_package_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t text := CASE WHEN TG_OP = 'DELETE' THEN OLD.package_type ELSE NEW.package_type END;
BEGIN
  UPDATE listings l
     SET rank = (CASE WHEN l.featured THEN 2 ELSE 0 END)
              + (CASE WHEN coalesce(mm_provider_priority(l.service_provider_id), false) THEN 1 ELSE 0 END)
    FROM service_providers sp
   WHERE sp.id = l.service_provider_id AND sp.package_type = t;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER packages_rows_changed
AFTER INSERT OR DELETE ON packages
FOR EACH ROW EXECUTE FUNCTION mm_package_rows_changed();
--> statement-breakpoint
-- A category is renamed: the search documents of its listings follow.
CREATE OR REPLACE FUNCTION mm_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    UPDATE listings l SET search_vector = mm_listing_document(l.title, NEW.name, l.city, l.description)
     WHERE l.category_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_renamed
AFTER UPDATE OF name ON categories
FOR EACH ROW EXECUTE FUNCTION mm_category_renamed();
--> statement-breakpoint
-- Any change to a listing's images: the denormalised primary image URL follows.
CREATE OR REPLACE FUNCTION mm_listing_images_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.listing_id ELSE NEW.listing_id END;
BEGIN
  UPDATE listings l SET primary_image_url = (
    SELECT i.image_url FROM listing_images i WHERE i.listing_id = target
     ORDER BY i.is_primary DESC, i.display_order ASC, i.created_at ASC, i.id ASC LIMIT 1)
   WHERE l.id = target;
  IF TG_OP = 'UPDATE' AND OLD.listing_id IS DISTINCT FROM NEW.listing_id THEN
    UPDATE listings l SET primary_image_url = (
      SELECT i.image_url FROM listing_images i WHERE i.listing_id = OLD.listing_id
       ORDER BY i.is_primary DESC, i.display_order ASC, i.created_at ASC, i.id ASC LIMIT 1)
     WHERE l.id = OLD.listing_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listing_images_changed
AFTER INSERT OR UPDATE OR DELETE ON listing_images
FOR EACH ROW EXECUTE FUNCTION mm_listing_images_changed();
--> statement-breakpoint
-- Existing rows (databases created before this migration).
UPDATE listings l SET
  rank = (CASE WHEN l.featured THEN 2 ELSE 0 END)
       + (CASE WHEN coalesce(mm_provider_priority(l.service_provider_id), false) THEN 1 ELSE 0 END),
  search_vector = mm_listing_document(l.title, (SELECT c.name FROM categories c WHERE c.id = l.category_id), l.city, l.description),
  geo = mm_listing_geo(l.latitude, l.longitude),
  primary_image_url = (
    SELECT i.image_url FROM listing_images i WHERE i.listing_id = l.id
     ORDER BY i.is_primary DESC, i.display_order ASC, i.created_at ASC, i.id ASC LIMIT 1);
