CREATE TABLE "sign_in_throttles" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"in_flight_until" timestamp with time zone,
	"last_failure_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "locked_until";