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
CREATE TABLE "follows" (
	"id" text PRIMARY KEY NOT NULL,
	"follower_id" text NOT NULL,
	"target_kind" text NOT NULL,
	"followed_user_id" text,
	"district_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_target_check" CHECK (("follows"."target_kind" = 'user' and "follows"."followed_user_id" is not null and "follows"."district_id" is null) or ("follows"."target_kind" = 'district' and "follows"."district_id" is not null and "follows"."followed_user_id" is null)),
	CONSTRAINT "follows_not_self_check" CHECK ("follows"."followed_user_id" is null or "follows"."followed_user_id" <> "follows"."follower_id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"new_follower" boolean DEFAULT true NOT NULL,
	"comment" boolean DEFAULT true NOT NULL,
	"reply" boolean DEFAULT true NOT NULL,
	"group_invitation" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"link" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('newFollower', 'comment', 'reply', 'groupInvitation'))
);
--> statement-breakpoint
CREATE TABLE "scene_history" (
	"user_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_history_user_id_scene_id_pk" PRIMARY KEY("user_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "scene_likes" (
	"user_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_likes_user_id_scene_id_pk" PRIMARY KEY("user_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "insight_day_opens" (
	"scene_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"object_id" text NOT NULL,
	"opens" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_day_opens_scene_id_day_kind_object_id_pk" PRIMARY KEY("scene_id","day","kind","object_id"),
	CONSTRAINT "insight_day_opens_kind_check" CHECK ("insight_day_opens"."kind" in ('artwork', 'infoPoint'))
);
--> statement-breakpoint
CREATE TABLE "insight_days" (
	"scene_id" text NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"unique_visitors" integer DEFAULT 0 NOT NULL,
	"timed_visits" integer DEFAULT 0 NOT NULL,
	"total_seconds" integer DEFAULT 0 NOT NULL,
	"median_seconds" double precision,
	"direct" integer DEFAULT 0 NOT NULL,
	"embed" integer DEFAULT 0 NOT NULL,
	"explore" integer DEFAULT 0 NOT NULL,
	"share" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_days_scene_id_day_pk" PRIMARY KEY("scene_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_opens" (
	"visit_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"object_id" text NOT NULL,
	CONSTRAINT "insight_opens_visit_id_kind_object_id_pk" PRIMARY KEY("visit_id","kind","object_id"),
	CONSTRAINT "insight_opens_kind_check" CHECK ("insight_opens"."kind" in ('artwork', 'infoPoint'))
);
--> statement-breakpoint
CREATE TABLE "insight_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_visits" (
	"id" text PRIMARY KEY NOT NULL,
	"scene_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"seconds" integer,
	CONSTRAINT "insight_visits_source_check" CHECK ("insight_visits"."source" in ('direct', 'embed', 'explore', 'share')),
	CONSTRAINT "insight_visits_seconds_check" CHECK ("insight_visits"."seconds" is null or "insight_visits"."seconds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_comments" ADD CONSTRAINT "scene_comments_parent_id_scene_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scene_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_rate_events" ADD CONSTRAINT "social_rate_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_reports" ADD CONSTRAINT "social_reports_comment_id_scene_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."scene_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followed_user_id_users_id_fk" FOREIGN KEY ("followed_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_history" ADD CONSTRAINT "scene_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_history" ADD CONSTRAINT "scene_history_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_likes" ADD CONSTRAINT "scene_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_likes" ADD CONSTRAINT "scene_likes_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_day_opens" ADD CONSTRAINT "insight_day_opens_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_opens" ADD CONSTRAINT "insight_opens_visit_id_insight_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."insight_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_opens" ADD CONSTRAINT "insight_opens_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visits" ADD CONSTRAINT "insight_visits_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scene_comments_scene_top_idx" ON "scene_comments" USING btree ("scene_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "scene_comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "scene_comments_scene_idx" ON "scene_comments" USING btree ("scene_id");--> statement-breakpoint
CREATE INDEX "scene_comments_parent_idx" ON "scene_comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scene_comments_user_idx" ON "scene_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "social_rate_events_user_kind_idx" ON "social_rate_events" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "social_reports_created_idx" ON "social_reports" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "social_reports_comment_idx" ON "social_reports" USING btree ("comment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_user_idx" ON "follows" USING btree ("follower_id","followed_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_district_idx" ON "follows" USING btree ("follower_id","district_id");--> statement-breakpoint
CREATE INDEX "follows_followed_user_idx" ON "follows" USING btree ("followed_user_id","created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_idx" ON "follows" USING btree ("follower_id","target_kind","created_at");--> statement-breakpoint
CREATE INDEX "follows_district_followers_idx" ON "follows" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "scene_history_recent_idx" ON "scene_history" USING btree ("user_id","viewed_at" DESC NULLS FIRST,"scene_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scene_likes_scene_idx" ON "scene_likes" USING btree ("scene_id","created_at");--> statement-breakpoint
CREATE INDEX "insight_days_day_idx" ON "insight_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_opens_scene_day_idx" ON "insight_opens" USING btree ("scene_id","day");--> statement-breakpoint
CREATE INDEX "insight_visits_scene_day_idx" ON "insight_visits" USING btree ("scene_id","day");--> statement-breakpoint
CREATE INDEX "insight_visits_day_idx" ON "insight_visits" USING btree ("day");--> statement-breakpoint
-- Favourites of users who have no profile record cannot be kept once favourites belong to users.
DELETE FROM "scene_favourites" WHERE "user_id" NOT IN (SELECT "id" FROM "users");--> statement-breakpoint
ALTER TABLE "scene_favourites" ADD CONSTRAINT "scene_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;