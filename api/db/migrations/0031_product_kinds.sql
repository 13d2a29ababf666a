ALTER TABLE "products" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_class" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_kind_known" CHECK ("products"."kind" in ('goods', 'digital', 'gift_card'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_class_known" CHECK ("products"."tax_class" in ('standard', 'exempt'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_tax_nonnegative" CHECK ("order_items"."tax_cents" >= 0);--> statement-breakpoint
-- Backfill (hand-written, issue 35): what each product and order line is, from the category names
-- that decided it until now ('digital', 'Gift Cards'); gift cards are not taxed at sale.
UPDATE "products" SET "kind" = 'digital' WHERE lower("category") = 'digital';--> statement-breakpoint
UPDATE "products" SET "kind" = 'gift_card', "tax_class" = 'exempt' WHERE lower("category") = 'gift cards';--> statement-breakpoint
UPDATE "order_items" SET "kind" = 'digital' WHERE lower("category") = 'digital';--> statement-breakpoint
UPDATE "order_items" SET "kind" = 'gift_card', "tax_class" = 'exempt' WHERE lower("category") = 'gift cards';--> statement-breakpoint
-- Each taxed line's share of its order's tax: its net at the order's rate, rounded down, and the
-- cents left over (the order's tax was rounded once, on the sum) to the lines with the largest
-- fractions, so the lines add up to the order's tax exactly.
WITH "exact" AS (
  SELECT i."id", i."order_id", o."tax_cents" AS "order_tax",
         (i."unit_price_cents" * i."quantity") * o."tax_rate" AS "share"
  FROM "order_items" i JOIN "orders" o ON o."id" = i."order_id"
  WHERE i."tax_class" = 'standard'
), "floored" AS (
  SELECT "id", "order_id", "order_tax", floor("share")::int AS "base", "share" - floor("share") AS "fraction"
  FROM "exact"
), "ranked" AS (
  SELECT "id", "base",
         "order_tax" - sum("base") OVER (PARTITION BY "order_id") AS "left_over",
         row_number() OVER (PARTITION BY "order_id" ORDER BY "fraction" DESC, "id") AS "rank"
  FROM "floored"
)
UPDATE "order_items" SET "tax_cents" = "ranked"."base" + CASE WHEN "ranked"."rank" <= "ranked"."left_over" THEN 1 ELSE 0 END
FROM "ranked" WHERE "order_items"."id" = "ranked"."id";
