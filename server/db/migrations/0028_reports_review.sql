ALTER TABLE "scenes" ADD COLUMN "hidden_by_operator_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "social_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_reports" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_resolution" CHECK ("social_reports"."resolution" is null or "social_reports"."resolution" in ('dismissed', 'hidden'));