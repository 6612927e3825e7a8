CREATE TABLE "title_words" (
	"word" text PRIMARY KEY NOT NULL,
	CONSTRAINT "title_words_word_check" CHECK (length("title_words"."word") between 3 and 40)
);--> statement-breakpoint
-- The words of a title as the dictionary keeps them: the 'simple' parser's lexemes (lower case, unstemmed,
-- letters of any alphabet), without digits, 3 to 40 characters; sorted, so that concurrent inserts of the
-- same new words take their locks in one order.
CREATE OR REPLACE FUNCTION mm_title_words(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple'::regconfig, coalesce(title, '')))
  WHERE length(lexeme) BETWEEN 3 AND 40 AND lexeme !~ '[0-9]'
  ORDER BY lexeme
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION mm_listings_title_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO title_words (word) SELECT w FROM mm_title_words(NEW.title) w ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_title_words AFTER INSERT OR UPDATE OF title ON listings
FOR EACH ROW EXECUTE FUNCTION mm_listings_title_words();--> statement-breakpoint
INSERT INTO title_words (word)
SELECT DISTINCT w FROM listings, mm_title_words(listings.title) w ORDER BY w ON CONFLICT DO NOTHING;
