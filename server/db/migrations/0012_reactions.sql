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
ALTER TABLE "scene_history" ADD CONSTRAINT "scene_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_history" ADD CONSTRAINT "scene_history_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_likes" ADD CONSTRAINT "scene_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scene_likes" ADD CONSTRAINT "scene_likes_scene_id_scenes_id_fk" FOREIGN KEY ("scene_id") REFERENCES "public"."scenes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scene_history_recent_idx" ON "scene_history" USING btree ("user_id","viewed_at" DESC NULLS FIRST,"scene_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scene_likes_scene_idx" ON "scene_likes" USING btree ("scene_id","created_at");--> statement-breakpoint
ALTER TABLE "scene_favourites" ADD CONSTRAINT "scene_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;