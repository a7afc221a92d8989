import type { Faq } from '../../contracts/cms';

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const plain = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');

/** FAQs of one category, in their order. */
export interface FaqGroup {
  category: string;
  items: Faq[];
}

/**
 * The FAQs grouped by category (in the order their first question comes), keeping those whose
 * question or answer holds every word of the search, whatever their case and accents.
 */
export function searchFaqs(faqs: readonly Faq[], query: string): FaqGroup[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const groups = new Map<string, Faq[]>();
  for (const faq of faqs) {
    const haystack = fold(`${faq.question} ${plain(faq.answer)}`);
    if (!words.every((w) => haystack.includes(w))) continue;
    const list = groups.get(faq.category) ?? [];
    list.push(faq);
    groups.set(faq.category, list);
  }
  return [...groups].map(([category, items]) => ({ category, items }));
}

/** Glossary terms under their first letter, A to Z (other first characters under '#'). */
export function byLetter<T extends { term: string }>(terms: readonly T[]): { letter: string; terms: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const term of [...terms].sort((a, b) =>
    a.term.localeCompare(b.term, undefined, { sensitivity: 'base' }),
  )) {
    const first = fold(term.term).charAt(0).toUpperCase();
    const letter = /[A-Z]/.test(first) ? first : '#';
    groups.set(letter, [...(groups.get(letter) ?? []), term]);
  }
  return [...groups].map(([letter, list]) => ({ letter, terms: list }));
}
