CREATE TABLE "direct_message_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text,
	"pair_key" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "direct_message_members" (
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_read_at" timestamp with time zone,
	CONSTRAINT "direct_message_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "direct_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"sender_id" text NOT NULL,
	"client_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "direct_message_members" ADD CONSTRAINT "direct_message_members_group_id_direct_message_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."direct_message_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_message_members" ADD CONSTRAINT "direct_message_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_group_id_direct_message_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."direct_message_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_messages" ADD CONSTRAINT "direct_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_message_groups_pair_idx" ON "direct_message_groups" USING btree ("pair_key");--> statement-breakpoint
CREATE INDEX "direct_message_members_user_idx" ON "direct_message_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "direct_messages_group_idx" ON "direct_messages" USING btree ("group_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "direct_messages_client_idx" ON "direct_messages" USING btree ("sender_id","client_id");