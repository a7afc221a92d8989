CREATE TABLE "publish_slots" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"kind" text NOT NULL,
	"position" integer,
	"active" boolean DEFAULT true NOT NULL,
	"district_id" text,
	"district_subdomain" text,
	"product_id" text,
	"scene_id" text,
	"publisher_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_daily_stats" (
	"scene_id" text NOT NULL,
	"day" date NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"likes" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "scene_daily_stats_scene_id_day_pk" PRIMARY KEY("scene_id","day")
);
--> statement-breakpoint
CREATE TABLE "scene_favourites" (
	"user_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_favourites_user_id_scene_id_pk" PRIMARY KEY("user_id","scene_id")
);
--> statement-breakpoint
CREATE TABLE "scene_view_days" (
	"scene_id" text NOT NULL,
	"visitor" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "scene_view_days_scene_id_visitor_day_pk" PRIMARY KEY("scene_id","visitor","day")
);
--> statement-breakpoint
CREATE TABLE "scene_visits" (
	"visitor" text NOT NULL,
	"scene_id" text NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_visits_visitor_scene_id_pk" PRIMARY KEY("visitor","scene_id")
);
--> statement-breakpoint
ALTER TABLE "published_scenes" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title || ' ' || (tags)::text || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "views" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "likes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_slots" ADD CONSTRAINT "publish_slots_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_daily_stats" ADD CONSTRAINT "scene_daily_stats_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_favourites" ADD CONSTRAINT "scene_favourites_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_view_days" ADD CONSTRAINT "scene_view_days_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_visits" ADD CONSTRAINT "scene_visits_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publish_slots_owner_idx" ON "publish_slots" USING btree ("owner_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_slots_scene_idx" ON "publish_slots" USING btree ("scene_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_slots_plan_position_idx" ON "publish_slots" USING btree ("owner_id","position") WHERE "publish_slots"."kind" = 'free';--> statement-breakpoint
CREATE INDEX "scene_daily_stats_day_idx" ON "scene_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE INDEX "scene_favourites_recent_idx" ON "scene_favourites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scene_view_days_day_idx" ON "scene_view_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "scene_visits_recent_idx" ON "scene_visits" USING btree ("visitor","viewed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "published_scenes_search_idx" ON "published_scenes" USING gin ("search");--> statement-breakpoint
CREATE INDEX "published_scenes_tags_idx" ON "published_scenes" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "published_scenes_published_at_idx" ON "published_scenes" USING btree ("published_at" DESC NULLS FIRST,"scene_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scenes_published_views_idx" ON "scenes" USING btree ("views" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "scenes"."state" = 'Published' and "scenes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "scenes_published_likes_idx" ON "scenes" USING btree ("likes" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "scenes"."state" = 'Published' and "scenes"."deleted_at" is null;--> statement-breakpoint
-- Spaces published before slots existed get a plan slot each, numbered per owner by first
-- publication; those beyond the owner's plan are marked inactive the first time the owner's slots
-- are read (their space stays published, as after a downgrade).
INSERT INTO "publish_slots" ("id", "owner_id", "kind", "position", "active", "scene_id", "publisher_id")
SELECT gen_random_uuid()::text, "owner_id", 'free',
  (row_number() OVER (PARTITION BY "owner_id" ORDER BY "published_at", "id") - 1)::integer, true, "id", "owner_id"
FROM "scenes" WHERE "state" = 'Published' AND "deleted_at" IS NULL;
