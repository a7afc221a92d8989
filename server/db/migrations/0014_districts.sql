CREATE TABLE "district_invitations" (
	"code" text PRIMARY KEY NOT NULL,
	"district_id" text NOT NULL,
	"email" text,
	"role" text DEFAULT 'Creator' NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "district_members" (
	"district_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"invitation_code" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "district_members_district_id_user_id_pk" PRIMARY KEY("district_id","user_id"),
	CONSTRAINT "district_members_role_check" CHECK ("district_members"."role" in ('Owner', 'Creator'))
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"title" text NOT NULL,
	"subdomain" text NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"logo_id" text,
	"cover_id" text,
	"subtitle" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"social_media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"styles" text DEFAULT '{"theme":"harbour","fontFamily":"sans"}' NOT NULL,
	"free_space_template_id" text,
	"creation_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_slots" ADD COLUMN "allocated_user_id" text;--> statement-breakpoint
ALTER TABLE "district_invitations" ADD CONSTRAINT "district_invitations_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_members" ADD CONSTRAINT "district_members_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "district_members" ADD CONSTRAINT "district_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "district_invitations_district_idx" ON "district_invitations" USING btree ("district_id","created_at");--> statement-breakpoint
CREATE INDEX "district_members_user_idx" ON "district_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "districts_subdomain_idx" ON "districts" USING btree ("subdomain");--> statement-breakpoint
CREATE INDEX "districts_owner_idx" ON "districts" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "districts_creation_key_idx" ON "districts" USING btree ("owner_id","creation_key") WHERE "districts"."creation_key" is not null;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publish_slots_district_idx" ON "publish_slots" USING btree ("district_id");--> statement-breakpoint
CREATE INDEX "publish_slots_allocated_idx" ON "publish_slots" USING btree ("allocated_user_id");