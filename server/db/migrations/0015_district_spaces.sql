CREATE TABLE "district_spaces" (
	"id" text PRIMARY KEY NOT NULL,
	"district_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"requester_id" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "district_spaces_kind_check" CHECK ("district_spaces"."kind" in ('hosting', 'promotion')),
	CONSTRAINT "district_spaces_state_check" CHECK ("district_spaces"."state" in ('pending', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "published_public_districts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "published_private_districts" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "district_id" text;--> statement-breakpoint
ALTER TABLE "district_spaces" ADD CONSTRAINT "district_spaces_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_spaces" ADD CONSTRAINT "district_spaces_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_spaces" ADD CONSTRAINT "district_spaces_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "district_spaces_scene_idx" ON "district_spaces" USING btree ("district_id","kind","scene_id");--> statement-breakpoint
CREATE INDEX "district_spaces_list_idx" ON "district_spaces" USING btree ("district_id","kind","state","created_at");--> statement-breakpoint
CREATE INDEX "district_spaces_by_scene_idx" ON "district_spaces" USING btree ("scene_id");--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "groups_district_idx" ON "groups" USING btree ("district_id","created_at");--> statement-breakpoint
UPDATE "scenes" AS s SET "published_public_districts" = CASE WHEN d."public" THEN ARRAY[d."id"] ELSE '{}'::text[] END, "published_private_districts" = CASE WHEN d."public" THEN '{}'::text[] ELSE ARRAY[d."id"] END FROM "publish_slots" AS p JOIN "districts" AS d ON d."id" = p."district_id" WHERE p."scene_id" = s."id";
