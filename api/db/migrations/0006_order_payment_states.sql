CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"reference" text NOT NULL,
	"outcome" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claim_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charge_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_token_key" ON "sandbox_charges" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_reference_key" ON "sandbox_charges" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_charge_key_key" ON "orders" USING btree ("charge_key");