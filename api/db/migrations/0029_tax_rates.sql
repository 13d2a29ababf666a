CREATE TABLE "tax_rate_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"source_name" text NOT NULL,
	"range_count" integer NOT NULL,
	"imported_by" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rate_periods_order" CHECK ("tax_rate_periods"."period_start" <= "tax_rate_periods"."period_end")
);
--> statement-breakpoint
CREATE TABLE "tax_zip_ranges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period_id" uuid NOT NULL,
	"zip" text NOT NULL,
	"plus4_low" text NOT NULL,
	"plus4_high" text NOT NULL,
	"location_code" text NOT NULL,
	"state_rate" numeric(8, 6) NOT NULL,
	"local_rate" numeric(8, 6) NOT NULL,
	"total_rate" numeric(8, 6) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_zip_ranges" ADD CONSTRAINT "tax_zip_ranges_period_id_tax_rate_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."tax_rate_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_periods_dates" ON "tax_rate_periods" USING btree ("period_start","period_end");--> statement-breakpoint
CREATE INDEX "tax_zip_ranges_lookup" ON "tax_zip_ranges" USING btree ("period_id","zip","plus4_low");