CREATE TABLE "low_stock_digests" (
	"day" date PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_reported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_reported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_threshold_range" CHECK ("product_variants"."low_stock_threshold" between 0 and 999);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_range" CHECK ("products"."low_stock_threshold" between 0 and 999);--> statement-breakpoint
-- Hand-added backfill (issue 28, h-lowstock): rows already at or under the default threshold are low and known, not crossings for the first digest (the same as markLowStockKnown in api/modules/jobs/low-stock.ts).
UPDATE "product_variants" v SET "low_stock_since" = now(), "low_stock_reported" = true FROM "products" p WHERE p."id" = v."product_id" AND v."quantity" <= coalesce(v."low_stock_threshold", p."low_stock_threshold");--> statement-breakpoint
UPDATE "products" p SET "low_stock_since" = now(), "low_stock_reported" = true WHERE p."quantity" <= p."low_stock_threshold" AND NOT EXISTS (SELECT 1 FROM "product_variants" x WHERE x."product_id" = p."id");
