ALTER TABLE "orders" ADD COLUMN "recovery_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_error" text;--> statement-breakpoint
CREATE INDEX "orders_recovery_due_idx" ON "orders" USING btree ("recovery_next_at","created_at") WHERE "orders"."shipping_status" = 'pending_payment';