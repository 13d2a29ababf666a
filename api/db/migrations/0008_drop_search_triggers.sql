-- Custom SQL migration file, put your code below! --
-- Search is answered from the in-memory catalogue (api/modules/catalogue): the triggers and
-- functions that kept the database's search columns and word lexicon are no longer needed.
DROP TRIGGER IF EXISTS products_search_before_write ON products;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_categorizations_search_after_insert ON product_categorizations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_categorizations_search_after_update ON product_categorizations;
--> statement-breakpoint
DROP TRIGGER IF EXISTS product_categorizations_search_after_delete ON product_categorizations;
--> statement-breakpoint
DROP FUNCTION IF EXISTS products_search_before_write();
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_categorizations_search_after_write();
--> statement-breakpoint
DROP FUNCTION IF EXISTS refresh_product_search(uuid[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS remember_search_words(text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_search_vector(text, text, text, text[]);
--> statement-breakpoint
DROP FUNCTION IF EXISTS product_search_names(uuid);
