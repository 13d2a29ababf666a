CREATE TABLE "restock_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restock_requests" ADD CONSTRAINT "restock_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_requests_email_item_idx" ON "restock_requests" USING btree ("email","product_id","sku");--> statement-breakpoint
CREATE INDEX "restock_requests_item_idx" ON "restock_requests" USING btree ("product_id","sku");--> statement-breakpoint
CREATE INDEX "restock_requests_created_idx" ON "restock_requests" USING btree ("created_at");