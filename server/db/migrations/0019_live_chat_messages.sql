CREATE TABLE "live_chat_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"scene_id" text NOT NULL,
	"instance_id" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_chat_messages_instance_idx" ON "live_chat_messages" USING btree ("scene_id","instance_id","created_at");