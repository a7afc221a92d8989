import { z } from 'zod';

/**
 * The content service (platform.md §2.10, §3 'Article', 'Category', §7.5 'CMS'; issue 24 §1):
 * guides, blog posts and the legal documents, FAQs, the glossary, categories and authors. Visitors
 * read what is published; operators write, and see drafts.
 */

/** Guides and blog posts are the resources pages' articles; documents are the legal pages. */
export const ArticleKind = z.enum(['guide', 'blog', 'document']);
export type ArticleKind = z.infer<typeof ArticleKind>;

export const ArticleStatus = z.enum(['draft', 'published']);
export type ArticleStatus = z.infer<typeof ArticleStatus>;

/** Where each kind of article is read. Documents have fixed paths (legalPaths). */
export const articleBase: Record<Exclude<ArticleKind, 'document'>, string> = {
  guide: '/resources/guides',
  blog: '/resources/blog',
};

/** The legal pages (platform.md §2.1) and the document each shows. */
export const legalPaths: Record<string, string> = {
  'terms-of-service': '/terms-of-service',
  'professional-services-addendum': '/terms-of-service/professional-services-addendum',
  'data-processing-addendum': '/terms-of-service/data-processing-addendum',
  'privacy-notice': '/privacy-notice',
  'refund-policy': '/refund-policy',
};

export function articleUrl(kind: ArticleKind, slug: string): string {
  return kind === 'document' ? (legalPaths[slug] ?? `/${slug}`) : `${articleBase[kind]}/${slug}`;
}

/** Our choices where the spec names none: one table. */
export const cmsRules = {
  /** Reading time: words per minute, rounded up, at least 1 minute. */
  wordsPerMinute: 200,
  titleMax: 160,
  descriptionMax: 600,
  /** Article HTML, after sanitising. */
  contentMax: 200_000,
  tagsMax: 12,
  tagMax: 40,
  slugMax: 80,
  questionMax: 300,
  answerMax: 10_000,
  termMax: 80,
  definitionMax: 2_000,
};

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const cmsMessages = {
  articleNotFound: 'Article not found.',
  unknownResource: 'Unknown Resource.',
  slugTaken: 'Another article of this kind already has this address',
  faqNotFound: 'No such FAQ',
  termNotFound: 'No such glossary term',
  termTaken: 'The glossary already has this term',
  unknownCategory: 'No such category',
  unknownAuthor: 'No such author',
};

/** The words of an HTML text, for its reading time. */
export function readingMinutes(html: string): number {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.ceil(words / cmsRules.wordsPerMinute));
}

export const Category = z
  .object({
    categoryId: z.string(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    index: z.number().int(),
    url: z.string().nullable().describe('A link the category stands for (video tutorials), or null'),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CmsCategory' });
export type Category = z.infer<typeof Category>;

export const Author = z
  .object({ slug: z.string(), name: z.string(), bio: z.string() })
  .meta({ id: 'CmsAuthor' });
export type Author = z.infer<typeof Author>;

export const ArticleSummary = z
  .object({
    id: z.string(),
    kind: ArticleKind,
    slug: z.string(),
    url: z.string().describe('Where the article is read'),
    title: z.string(),
    description: z.string(),
    banner: z.string().nullable(),
    thumbnail: z.string().nullable(),
    author: Author.nullable(),
    category: z.object({ slug: z.string(), title: z.string() }).nullable(),
    tags: z.array(z.string()),
    date: z.string().describe('Publication date (YYYY-MM-DD)'),
    updatedDate: z.string().nullable(),
    readingDuration: z.number().int().describe('Minutes'),
    status: ArticleStatus,
  })
  .meta({ id: 'CmsArticleSummary' });
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const Article = ArticleSummary.extend({
  content: z.string().describe('Sanitised HTML'),
}).meta({ id: 'CmsArticle' });
export type Article = z.infer<typeof Article>;

export const ArticlesQuery = z.object({
  kind: ArticleKind.default('blog'),
  category: z.string().max(80).optional(),
  cp: z.coerce.number().int().min(0).max(100_000).default(0),
  ipp: z.coerce.number().int().min(1).max(100).default(24),
  drafts: z.enum(['true', 'false']).optional().describe('Operators only: drafts too (true)'),
});
export type ArticlesQuery = z.input<typeof ArticlesQuery>;

export const ArticlePage = z
  .object({
    items: z.array(ArticleSummary),
    cp: z.number().int(),
    ipp: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'CmsArticlePage' });
export type ArticlePage = z.infer<typeof ArticlePage>;

export const ArticleParams = z.object({ kind: ArticleKind, slug: z.string().max(200) });
export const IdParams = z.object({ id: z.string().min(1).max(64) });

const dateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD');

export const ArticleInput = z
  .object({
    kind: ArticleKind,
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(cmsRules.slugMax)
      .regex(slugPattern, 'An address uses lowercase letters, digits and single hyphens')
      .optional()
      .describe('Made from the title when left out'),
    title: z.string().trim().min(1, 'A title is required').max(cmsRules.titleMax),
    description: z.string().trim().max(cmsRules.descriptionMax).default(''),
    content: z
      .string()
      .max(cmsRules.contentMax * 2)
      .default(''),
    banner: z.string().trim().max(2000).nullable().default(null),
    thumbnail: z.string().trim().max(2000).nullable().default(null),
    author: z.string().max(80).nullable().default(null).describe("An author's slug"),
    category: z.string().max(80).nullable().default(null).describe("A category's slug"),
    tags: z.array(z.string().trim().min(1).max(cmsRules.tagMax)).max(cmsRules.tagsMax).default([]),
    status: ArticleStatus.default('draft'),
    date: dateText.optional().describe('Today when left out'),
    updatedDate: dateText.nullable().optional(),
  })
  .describe('An article as an operator writes it');
export type ArticleInput = z.input<typeof ArticleInput>;

export const Faq = z
  .object({
    id: z.string(),
    question: z.string(),
    answer: z.string().describe('Sanitised HTML'),
    category: z.string(),
    index: z.number().int(),
  })
  .meta({ id: 'CmsFaq' });
export type Faq = z.infer<typeof Faq>;

export const FaqInput = z
  .object({
    question: z.string().trim().min(1, 'A question is required').max(cmsRules.questionMax),
    answer: z.string().min(1, 'An answer is required').max(cmsRules.answerMax),
    category: z.string().trim().min(1, 'A category is required').max(80),
  })
  .describe('An FAQ as an operator writes it');
export type FaqInput = z.infer<typeof FaqInput>;

export const GlossaryTerm = z
  .object({ id: z.string(), term: z.string(), definition: z.string() })
  .meta({ id: 'CmsGlossaryTerm' });
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;

export const GlossaryInput = z
  .object({
    term: z.string().trim().min(1, 'A term is required').max(cmsRules.termMax),
    definition: z.string().trim().min(1, 'A definition is required').max(cmsRules.definitionMax),
  })
  .describe('A glossary term as an operator writes it');
export type GlossaryInput = z.infer<typeof GlossaryInput>;

/** An item of the resources sidebar (platform.md §2.10). */
export const MenuItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    link: z.string(),
    icon: z.string().nullable(),
    externalUrl: z.string().nullable(),
  })
  .meta({ id: 'CmsMenuItem' });
export type MenuItem = z.infer<typeof MenuItem>;
