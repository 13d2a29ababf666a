ALTER TABLE "products" ADD COLUMN "personalization" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalization" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalization_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_personalization_within_price" CHECK ("order_items"."personalization_cents" between 0 and "order_items"."unit_price_cents");