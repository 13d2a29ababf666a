DROP INDEX "tax_rate_periods_dates";--> statement-breakpoint
ALTER TABLE "restock_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tax_rate_periods" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_periods_dates" ON "tax_rate_periods" USING btree ("period_start","period_end") WHERE "tax_rate_periods"."live";--> statement-breakpoint
-- Requests taken before confirmation existed were promised an email (with a stop link): keep it.
UPDATE "restock_requests" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
