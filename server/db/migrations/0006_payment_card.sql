ALTER TABLE "checkout_sessions" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_last4" text;--> statement-breakpoint
CREATE INDEX "checkout_sessions_paid_idx" ON "checkout_sessions" USING btree ("updated_at") WHERE "checkout_sessions"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("ends_at") WHERE "subscriptions"."is_canceled" < 2;