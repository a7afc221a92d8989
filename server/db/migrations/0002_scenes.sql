CREATE TABLE "published_scenes" (
	"scene_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adult_content" boolean DEFAULT false NOT NULL,
	"comments" boolean DEFAULT true NOT NULL,
	"audio_uri" text,
	"cover_photo_id" text,
	"photo_gallery_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_sha256" text,
	"content_size" bigint,
	"content_version" integer,
	"content_updated_at" timestamp with time zone,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_content_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scene_counts" (
	"owner_id" text NOT NULL,
	"state" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "scene_counts_owner_id_state_pk" PRIMARY KEY("owner_id","state")
);
--> statement-breakpoint
CREATE TABLE "scene_file_refs" (
	"scene_id" text NOT NULL,
	"source" text NOT NULL,
	"file_id" text NOT NULL,
	CONSTRAINT "scene_file_refs_scene_id_source_file_id_pk" PRIMARY KEY("scene_id","source","file_id")
);
--> statement-breakpoint
CREATE TABLE "scenes" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"state" text DEFAULT 'Draft' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adult_content" boolean DEFAULT false NOT NULL,
	"comments" boolean DEFAULT true NOT NULL,
	"audio_uri" text,
	"cover_photo_id" text,
	"photo_gallery_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"district_id" text,
	"district_subdomain" text,
	"published_public" boolean DEFAULT false NOT NULL,
	"privacy_acl_enabled" boolean DEFAULT false NOT NULL,
	"user_privacy_acl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_privacy_acl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"communication_acl_enabled" boolean DEFAULT false NOT NULL,
	"user_communication_acl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"group_communication_acl" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content_sha256" text,
	"content_size" bigint,
	"content_version" integer,
	"content_updated_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "published_scenes" ADD CONSTRAINT "published_scenes_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_file_refs" ADD CONSTRAINT "scene_file_refs_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "published_scenes_content_idx" ON "published_scenes" USING btree ("content_sha256");--> statement-breakpoint
CREATE INDEX "scene_file_refs_file_idx" ON "scene_file_refs" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "scenes_owner_updated_idx" ON "scenes" USING btree ("owner_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "scenes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "scenes_owner_state_updated_idx" ON "scenes" USING btree ("owner_id","state","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "scenes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "scenes_deleted_idx" ON "scenes" USING btree ("deleted_at") WHERE "scenes"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "scenes_content_idx" ON "scenes" USING btree ("content_sha256");