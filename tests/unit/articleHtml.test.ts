import { describe, expect, it } from 'vitest';
import type { Faq } from '../../contracts/cms';
import { articleDate, prepareArticle } from '../../src/lib/articleHtml';
import { byLetter, searchFaqs } from '../../src/lib/faqSearch';

describe('an article as the browser shows it', () => {
  it('sanitises again: scripts, handlers and frames from elsewhere are gone, the video players stay', () => {
    const { html } = prepareArticle(
      [
        '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a></p>',
        '<script>alert(1)</script>',
        '<iframe src="https://evil.example.com/x"></iframe>',
        '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk" allowfullscreen></iframe>',
        '<a href="https://example.org" target="_blank">out</a>',
      ].join(''),
    );
    expect(html).not.toMatch(/onclick|script|javascript:|evil\.example/);
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/abcdefghijk"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('gives each heading an id of its words, unique, and lists them by level for the contents', () => {
    const { html, headings } = prepareArticle(
      '<h2>Get started</h2><p>a</p><h3>Pick a room</h3><h2>Get started</h2><h4>Ünïcode détails</h4><h3>  </h3>',
    );
    expect(headings).toEqual([
      { id: 'get-started', text: 'Get started', level: 2 },
      { id: 'pick-a-room', text: 'Pick a room', level: 3 },
      { id: 'get-started-2', text: 'Get started', level: 2 },
      { id: 'unicode-details', text: 'Ünïcode détails', level: 4 },
    ]);
    expect(html).toContain('<h2 id="get-started-2">');
  });

  it('writes dates in the reader’s language', () => {
    expect(articleDate('2026-03-05', 'en')).toBe('March 5, 2026');
    expect(articleDate('2026-03-05', 'es')).toBe('5 de marzo de 2026');
  });
});

describe('the FAQ search', () => {
  const faq = (id: string, category: string, question: string, answer: string): Faq => ({
    id,
    category,
    question,
    answer,
    index: Number(id),
  });
  const faqs = [
    faq('1', 'Getting started', 'How do I sign up?', '<p>Choose <strong>Create</strong>.</p>'),
    faq('2', 'Publishing', 'Can I embed a space?', '<p>Yes, from the Share panel’s Embed code.</p>'),
    faq('3', 'Getting started', 'Is it free?', '<p>The Free plan costs nothing.</p>'),
  ];

  it('groups by category in the order they come, and keeps all with an empty search', () => {
    expect(searchFaqs(faqs, '  ').map((g) => [g.category, g.items.map((f) => f.id)])).toEqual([
      ['Getting started', ['1', '3']],
      ['Publishing', ['2']],
    ]);
  });

  it('finds words in questions and answers, whatever their case and accents, not in the markup', () => {
    expect(searchFaqs(faqs, 'SHARE embed').flatMap((g) => g.items.map((f) => f.id))).toEqual(['2']);
    expect(searchFaqs(faqs, 'fréé').flatMap((g) => g.items.map((f) => f.id))).toEqual(['3']);
    expect(searchFaqs(faqs, 'strong')).toEqual([]);
  });

  it('puts glossary terms under their letter, A to Z', () => {
    const groups = byLetter([
      { term: 'portal' },
      { term: 'Avatar' },
      { term: 'éclairage' },
      { term: '3D text' },
    ]);
    expect(groups.map((g) => [g.letter, g.terms.map((t) => t.term)])).toEqual([
      ['#', ['3D text']],
      ['A', ['Avatar']],
      ['E', ['éclairage']],
      ['P', ['portal']],
    ]);
  });
});
