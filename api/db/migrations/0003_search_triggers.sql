-- Custom SQL migration file, put your code below! --
-- Keeps products.search_text, products.search_vector and the search_words lexicon up to date (see api/db/schema/catalogue.ts)
-- whatever writes the catalogue: the seed, an admin screen, plain SQL. Written for PostgreSQL 15+
-- and PGlite; one statement per breakpoint because PGlite runs each as a single prepared statement.

-- The names a product is listed under: its categories and subcategories, each once.
CREATE OR REPLACE FUNCTION product_search_names(product uuid) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(name, ' ' ORDER BY name), '')
  FROM (
    SELECT c.category AS name FROM product_categorizations c WHERE c.product_id = product
    UNION
    SELECT c.subcategory FROM product_categorizations c
    WHERE c.product_id = product AND c.subcategory IS NOT NULL
  ) names
$$;
--> statement-breakpoint

-- The weighted document: title first, then the category names, the description and the details.
CREATE OR REPLACE FUNCTION product_search_vector(title text, names text, description text, details text[])
RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, title), 'A')
      || setweight(to_tsvector('english'::regconfig, names), 'B')
      || setweight(to_tsvector('english'::regconfig, description), 'C')
      || setweight(to_tsvector('english'::regconfig, array_to_string(details, ' ')), 'D')
$$;
--> statement-breakpoint

-- Adds the words of a text to the lexicon typo correction draws from.
CREATE OR REPLACE FUNCTION remember_search_words(document text) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_words (word)
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple'::regconfig, document))) AS word
  WHERE word ~ '^[[:alpha:][:digit:]]{3,}$'
  ON CONFLICT (word) DO NOTHING
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION refresh_product_search(products_to_refresh uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET search_text = p.title || ' ' || n.names,
      search_vector = product_search_vector(p.title, n.names, p.description, p.details)
  FROM (
    SELECT id, product_search_names(id) AS names
    FROM unnest(products_to_refresh) AS id
  ) n
  WHERE p.id = n.id;
  SELECT remember_search_words(string_agg(product_search_names(id), ' '))
  FROM unnest(products_to_refresh) AS id;
$$;
--> statement-breakpoint

-- A product's own texts: recomputed in the row being written.
CREATE OR REPLACE FUNCTION products_search_before_write() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names text := product_search_names(NEW.id);
BEGIN
  NEW.search_text := NEW.title || ' ' || names;
  NEW.search_vector := product_search_vector(NEW.title, names, NEW.description, NEW.details);
  PERFORM remember_search_words(
    concat_ws(' ', NEW.title, names, NEW.description, array_to_string(NEW.details, ' '))
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint

CREATE TRIGGER products_search_before_write
BEFORE INSERT OR UPDATE OF title, description, details ON products
FOR EACH ROW EXECUTE FUNCTION products_search_before_write();
--> statement-breakpoint

-- Categorizations: once per statement, for every product the statement touched.
CREATE OR REPLACE FUNCTION product_categorizations_search_after_write() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_search(ARRAY(
      SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint

CREATE TRIGGER product_categorizations_search_after_insert
AFTER INSERT ON product_categorizations
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION product_categorizations_search_after_write();
--> statement-breakpoint

CREATE TRIGGER product_categorizations_search_after_update
AFTER UPDATE ON product_categorizations
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION product_categorizations_search_after_write();
--> statement-breakpoint

CREATE TRIGGER product_categorizations_search_after_delete
AFTER DELETE ON product_categorizations
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION product_categorizations_search_after_write();
--> statement-breakpoint

-- Products that exist already.
SELECT refresh_product_search(ARRAY(SELECT id FROM products));
--> statement-breakpoint

SELECT remember_search_words(concat_ws(' ', title, description, array_to_string(details, ' ')))
FROM products;
