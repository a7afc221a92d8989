ALTER TABLE "scene_comments" ADD COLUMN "hidden_by_operator_at" timestamp with time zone;--> statement-breakpoint
-- Comments an operator hid after a report before this column existed stay the operator's.
UPDATE "scene_comments" SET "hidden_by_operator_at" = coalesce("hidden_at", now())
WHERE "id" IN (SELECT "comment_id" FROM "social_reports" WHERE "resolution" = 'hidden' AND "comment_id" IS NOT NULL);
