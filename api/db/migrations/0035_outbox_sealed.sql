ALTER TABLE "outbox" ADD COLUMN "sealed" text;--> statement-breakpoint
-- Gift-card emails already sent kept the whole code in clear (issue 36 row 7): it goes from them.
UPDATE "outbox" SET
  "text" = regexp_replace("text", '[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}(-[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}){3}', '[code sent]', 'g'),
  "html" = regexp_replace("html", '[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}(-[2-9ABCDEFGHJKMNPQRSTVWXYZ]{4}){3}', '[code sent]', 'g')
WHERE "kind" = 'giftcard.delivered' AND "status" <> 'pending';
