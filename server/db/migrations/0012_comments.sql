CREATE TABLE "scene_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"scene_id" text NOT NULL,
	"user_id" text NOT NULL,
	"parent_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	CONSTRAINT "scene_comments_body_length" CHECK (char_length("scene_comments"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "social_rate_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"reporter_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"comment_id" text,
	"reason" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_reports_once" UNIQUE NULLS NOT DISTINCT("reporter_id","scene_id","comment_id"),
	CONSTRAINT "social_reports_reason" CHECK ("social_reports"."reason" in ('spam', 'harassment', 'hate', 'violence', 'sexual', 'copyright', 'other')),
	CONSTRAINT "social_reports_text_length" CHECK (char_length("social_reports"."text") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_parent_id_scene_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scene_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_rate_events" ADD CONSTRAINT "social_rate_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_comment_id_scene_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."scene_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scene_comments_scene_top_idx" ON "scene_comments" USING btree ("scene_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "scene_comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "scene_comments_scene_idx" ON "scene_comments" USING btree ("scene_id");--> statement-breakpoint
CREATE INDEX "scene_comments_parent_idx" ON "scene_comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scene_comments_user_idx" ON "scene_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "social_rate_events_user_kind_idx" ON "social_rate_events" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "social_reports_created_idx" ON "social_reports" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "social_reports_comment_idx" ON "social_reports" USING btree ("comment_id");