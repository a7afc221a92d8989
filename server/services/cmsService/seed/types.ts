/** The shapes of the help content seeded on a fresh install (faqs.ts, glossary.ts, articles.ts). */

export interface SeedAuthor {
  slug: string;
  name: string;
  bio: string;
}

/** answer: small HTML: <p>, <ul>/<ol>/<li>, <strong>, <em>, <a href="/...">. */
export interface SeedFaq {
  category: string;
  question: string;
  answer: string;
}

/** definition: plain text, 1–3 sentences. */
export interface SeedTerm {
  term: string;
  definition: string;
}

/**
 * A picture of a guide: `file` like 'guide-define-space-1.png'; `route` the app path that shows
 * it, e.g. '/curate' or '/explore' ('{demo}' stands for the demo space's id, '{district}' for the
 * demo district's home).
 */
export interface SeedScreenshot {
  file: string;
  route: string;
  caption: string;
}

export interface SeedArticle {
  kind: 'guide' | 'blog';
  /** Lowercase-hyphenated, unique per kind. */
  slug: string;
  title: string;
  /** 1–3 sentences, plain text, under 300 characters. */
  description: string;
  /** Category title, e.g. 'Editor', 'Publishing', 'Districts', 'News', 'Stories'. */
  category: string;
  tags: string[];
  /** An author slug. */
  author: string;
  /** 'YYYY-MM-DD', between 2026-03-01 and 2026-11-20. */
  date: string;
  updatedDate?: string;
  /**
   * HTML: <h2>, <h3>, <p>, <ul>, <ol>, <li>, <strong>, <em>, <a>, <blockquote>,
   * <figure><img src="/cms-media/FILE" alt="…"><figcaption>…</figcaption></figure>.
   */
  content: string;
  /** Every <img> in content names one of these files. */
  screenshots?: SeedScreenshot[];
}
