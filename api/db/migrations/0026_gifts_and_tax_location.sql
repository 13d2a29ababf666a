ALTER TABLE "orders" ADD COLUMN "tax_location_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_period_start" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_period_end" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_message" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_hide_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_recipient_email" text;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "firstname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD COLUMN "lastname" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_gift_card_within_total" CHECK ("orders"."gift_card_cents" >= 0 and "orders"."gift_card_cents" <= "orders"."total_cents");--> statement-breakpoint
UPDATE "user_addresses" SET "firstname" = u."firstname", "lastname" = u."lastname" FROM "users" u WHERE u."id" = "user_addresses"."user_id";--> statement-breakpoint
UPDATE "orders" SET "shipping_address" = "shipping_address" || jsonb_build_object('firstname', "firstname", 'lastname', "lastname") WHERE "shipping_address" IS NOT NULL AND NOT ("shipping_address" ? 'firstname');
