ALTER TABLE "order_issue_reports" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "reason" text DEFAULT 'other' NOT NULL;