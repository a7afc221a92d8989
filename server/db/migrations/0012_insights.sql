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
ALTER TABLE "insight_day_opens" ADD CONSTRAINT "insight_day_opens_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_opens" ADD CONSTRAINT "insight_opens_visit_id_insight_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."insight_visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_opens" ADD CONSTRAINT "insight_opens_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visits" ADD CONSTRAINT "insight_visits_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_days_day_idx" ON "insight_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "insight_opens_scene_day_idx" ON "insight_opens" USING btree ("scene_id","day");--> statement-breakpoint
CREATE INDEX "insight_visits_scene_day_idx" ON "insight_visits" USING btree ("scene_id","day");--> statement-breakpoint
CREATE INDEX "insight_visits_day_idx" ON "insight_visits" USING btree ("day");