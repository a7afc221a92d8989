CREATE TABLE "scene_content_patches" (
	"scene_id" text NOT NULL,
	"seq" integer NOT NULL,
	"base_sha256" text NOT NULL,
	"etag" text NOT NULL,
	"patch" jsonb NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scene_content_patches_scene_id_seq_pk" PRIMARY KEY("scene_id","seq")
);
--> statement-breakpoint
ALTER TABLE "scenes" ADD COLUMN "content_etag" text;--> statement-breakpoint
ALTER TABLE "scene_content_patches" ADD CONSTRAINT "scene_content_patches_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;