DROP INDEX "tax_rate_periods_dates";--> statement-breakpoint
ALTER TABLE "tax_rate_periods" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_periods_dates" ON "tax_rate_periods" USING btree ("period_start","period_end") WHERE "tax_rate_periods"."live";