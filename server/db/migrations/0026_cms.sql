CREATE TABLE "cms_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"banner" text,
	"thumbnail" text,
	"author_slug" text,
	"category_id" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"date" text NOT NULL,
	"updated_date" text,
	"reading_minutes" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_authors" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cms_faqs" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"category" text NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_glossary" (
	"id" text PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"definition" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cms_glossary_term_unique" UNIQUE("term")
);
--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_author_slug_cms_authors_slug_fk" FOREIGN KEY ("author_slug") REFERENCES "public"."cms_authors"("slug") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cms_articles" ADD CONSTRAINT "cms_articles_category_id_cms_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."cms_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cms_articles_kind_slug_idx" ON "cms_articles" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "cms_articles_list_idx" ON "cms_articles" USING btree ("kind","status","date");