import DOMPurify from 'dompurify';
import { allowedAttributes, allowedTags, isAllowedFrame } from '../../contracts/cmsHtml';

/** A heading of an article, for its Table of Contents. */
export interface ArticleHeading {
  id: string;
  text: string;
  /** 2 for h2, 3 for h3, … */
  level: number;
}

const allowedAttr = [...new Set(Object.values(allowedAttributes).flat())];

let hooked = false;
function purifier() {
  if (!hooked) {
    // A frame from anywhere but the two video players is removed, whatever the server stored.
    DOMPurify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'iframe' && !isAllowedFrame((node as Element).getAttribute('src') ?? ''))
        node.parentNode?.removeChild(node);
    });
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.getAttribute('target') === '_blank')
        node.setAttribute('rel', 'noopener noreferrer');
    });
    hooked = true;
  }
  return DOMPurify;
}

/** An id made from a heading's words, unique in the article. */
function idFor(text: string, taken: Set<string>): string {
  const base =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'section';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * An article's HTML as it is shown (platform.md §2.10): sanitised again in the browser with the
 * same allow-list as the server's, headings given ids, and the headings listed for the Table of
 * Contents.
 */
export function prepareArticle(html: string): { html: string; headings: ArticleHeading[] } {
  const clean = purifier().sanitize(html, {
    ALLOWED_TAGS: [...allowedTags],
    ALLOWED_ATTR: allowedAttr,
    ADD_ATTR: ['allowfullscreen'],
    RETURN_DOM_FRAGMENT: true,
  });
  const taken = new Set<string>();
  const headings: ArticleHeading[] = [];
  clean.querySelectorAll('h2, h3, h4').forEach((h) => {
    const text = h.textContent?.trim() ?? '';
    if (!text) return;
    const id = idFor(text, taken);
    h.id = id;
    headings.push({ id, text, level: Number(h.tagName.slice(1)) });
  });
  // Pictures load as they come into view.
  clean.querySelectorAll('img').forEach((img) => img.setAttribute('loading', 'lazy'));
  const holder = document.createElement('div');
  holder.appendChild(clean);
  return { html: holder.innerHTML, headings };
}

/** A date (YYYY-MM-DD) as the reader's language writes it. */
export function articleDate(date: string, language: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(y, m - 1, d));
}
