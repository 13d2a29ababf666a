CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_positive" CHECK ("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" RENAME COLUMN "provider" TO "method";--> statement-breakpoint
DROP INDEX "payments_provider_reference_key";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_idempotency_key" ON "payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_refunds_refund_idx" ON "payment_refunds" USING btree ("refund_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_method_reference_key" ON "payments" USING btree ("method","reference");--> statement-breakpoint
-- Backfill (issue 35): every payment of an existing order becomes a row, figures unchanged.
-- The fake "charge" of an order a gift card paid in full (nothing went through the gateway) goes.
DELETE FROM "payments" WHERE "amount_cents" <= 0;--> statement-breakpoint
-- Each order's gift-card part becomes a payment of its own, dated with the order (before its card
-- charge), on the card its redemption came from; orders whose payment failed gave it back.
INSERT INTO "payments" ("order_id", "method", "gift_card_id", "reference", "idempotency_key",
  "amount_cents", "currency", "status", "last4", "created_at", "updated_at")
SELECT o."id", 'gift_card', c."id", 'giftcard-' || o."id", 'order-' || o."id" || '-gift-card',
  o."gift_card_cents", o."currency",
  CASE WHEN o."payment_status" = 'refunded' THEN 'refunded' ELSE 'paid' END,
  c."last4", o."created_at", o."updated_at"
FROM "orders" o
LEFT JOIN LATERAL (
  SELECT l."gift_card_id" FROM "gift_card_ledger" l
  WHERE l."order_id" = o."id" AND l."kind" = 'redemption'
  ORDER BY l."created_at" LIMIT 1
) spent ON true
LEFT JOIN "gift_cards" c ON c."id" = spent."gift_card_id"
WHERE o."gift_card_cents" > 0 AND o."payment_status" <> 'failed';--> statement-breakpoint
-- Each refund that succeeded becomes its parts: the gift card's part against the gift-card
-- payment, the rest against the card charge (with the gateway's reference).
INSERT INTO "payment_refunds" ("payment_id", "refund_id", "idempotency_key", "amount_cents",
  "status", "reference", "created_at", "updated_at")
SELECT p."id", r."id", r."idempotency_key" || ':gift-card', r."gift_card_cents", 'succeeded', NULL,
  r."created_at", r."updated_at"
FROM "order_refunds" r
JOIN "payments" p ON p."order_id" = r."order_id" AND p."method" = 'gift_card'
WHERE r."status" = 'succeeded' AND r."gift_card_cents" > 0;--> statement-breakpoint
INSERT INTO "payment_refunds" ("payment_id", "refund_id", "idempotency_key", "amount_cents",
  "status", "reference", "created_at", "updated_at")
SELECT p."id", r."id", r."idempotency_key", r."amount_cents" - r."gift_card_cents",
  'succeeded', r."gateway_reference", r."created_at", r."updated_at"
FROM "order_refunds" r
JOIN LATERAL (
  SELECT q."id" FROM "payments" q
  WHERE q."order_id" = r."order_id" AND q."method" <> 'gift_card'
    AND q."status" IN ('paid', 'refunded')
  ORDER BY q."created_at" LIMIT 1
) p ON true
WHERE r."status" = 'succeeded' AND r."amount_cents" > r."gift_card_cents";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0);
