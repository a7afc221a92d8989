import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestampTz } from './columns';

/**
 * The content service (issue 24 §1): categories, authors, articles (guides, blog posts and the
 * legal documents), FAQs and the glossary. Article and answer HTML is stored sanitised.
 */
export const cmsCategories = pgTable('cms_categories', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  index: integer('index').notNull().default(0),
  /** A link the category stands for (the video tutorials), or null. */
  url: text('url'),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
  updatedAt: timestampTz('updated_at').notNull().defaultNow(),
});

export const cmsAuthors = pgTable('cms_authors', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  bio: text('bio').notNull().default(''),
});

export const cmsArticles = pgTable(
  'cms_articles',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'guide' | 'blog' | 'document'>().notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    content: text('content').notNull().default(''),
    banner: text('banner'),
    thumbnail: text('thumbnail'),
    authorSlug: text('author_slug').references(() => cmsAuthors.slug, { onDelete: 'set null' }),
    categoryId: text('category_id').references(() => cmsCategories.id, { onDelete: 'set null' }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    /** The dates readers see (YYYY-MM-DD). */
    date: text('date').notNull(),
    updatedDate: text('updated_date'),
    readingMinutes: integer('reading_minutes').notNull().default(1),
    createdAt: timestampTz('created_at').notNull().defaultNow(),
    updatedAt: timestampTz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cms_articles_kind_slug_idx').on(t.kind, t.slug),
    index('cms_articles_list_idx').on(t.kind, t.status, t.date),
  ],
);

export const cmsFaqs = pgTable('cms_faqs', {
  id: text('id').primaryKey(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  category: text('category').notNull(),
  index: integer('index').notNull().default(0),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});

export const cmsGlossary = pgTable('cms_glossary', {
  id: text('id').primaryKey(),
  term: text('term').notNull().unique(),
  definition: text('definition').notNull(),
  createdAt: timestampTz('created_at').notNull().defaultNow(),
});
