ALTER TABLE "restock_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
-- Requests taken before confirmation existed were promised an email (with a stop link): keep it.
UPDATE "restock_requests" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
