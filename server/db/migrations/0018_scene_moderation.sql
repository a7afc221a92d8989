CREATE TABLE "scene_moderation" (
	"scene_id" text NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_moderation_scene_id_user_id_kind_pk" PRIMARY KEY("scene_id","user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "scene_moderation" ADD CONSTRAINT "scene_moderation_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;