CREATE TABLE "occasions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"day" date NOT NULL,
	"notice_days" integer DEFAULT 21 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "occasions_notice_days" CHECK ("occasions"."notice_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "shop_closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_closures_order" CHECK ("shop_closures"."to_day" >= "shop_closures"."from_day")
);
--> statement-breakpoint
CREATE TABLE "transit_days" (
	"state" text PRIMARY KEY NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	CONSTRAINT "transit_days_range" CHECK ("transit_days"."min_days" >= 1 and "transit_days"."max_days" >= "transit_days"."min_days")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_earliest" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_latest" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_by" date;--> statement-breakpoint
CREATE INDEX "orders_ship_by_idx" ON "orders" USING btree ("ship_by") WHERE "orders"."shipping_status" = 'unfulfilled';