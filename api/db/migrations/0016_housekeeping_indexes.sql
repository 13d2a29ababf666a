CREATE INDEX "contact_messages_retention_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."message" <> '';--> statement-breakpoint
CREATE INDEX "outbox_done_created_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."status" <> 'pending';--> statement-breakpoint
CREATE INDEX "orders_retention_idx" ON "orders" USING btree ("created_at") WHERE "orders"."email" <> '';--> statement-breakpoint
CREATE INDEX "stripe_events_received_idx" ON "stripe_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "session_families_expires_idx" ON "session_families" USING btree ("expires_at");