import { expect, test } from '@playwright/test';
import { seedArticles } from '../server/services/cmsService/seed/articles';
import { expectAccessible, text } from './support';

const guides = seedArticles.filter((a) => a.kind === 'guide');

test('a visitor reads a guide as its contents follow, searches the FAQs and looks up a term', async ({
  page,
}) => {
  // Three pages, each checked with axe: over a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  await page.goto('/resources/guides');
  await expect(page.getByRole('heading', { level: 1, name: text('pages.guides.heading') })).toBeVisible();
  const cards = page.getByRole('listitem').getByRole('article');
  await expect(cards).toHaveCount(guides.length);
  await expectAccessible(page);

  // The first guide, by its card's Read More.
  const guide = guides[0];
  await page.getByRole('link', { name: `${text('resources.readMore')}: ${guide.title}` }).click();
  await expect(page).toHaveURL(`/resources/guides/${guide.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(guide.title);
  await expect(page.getByText(/^\d+ min read$/)).toBeVisible();
  const contents = page.getByRole('navigation', { name: text('resources.tableOfContents') });
  await expect(contents.locator('[aria-current="location"]')).toHaveText(guide.title);
  // Its screenshots are real pictures from the file store.
  const pictures = page.locator('article img');
  for (const img of await pictures.all()) {
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0))
      .toBe(true);
  }
  // Reading on: the contents mark the section being read.
  const headings = page.locator('article h2[id]:not(#article-toc)');
  const last = headings.last();
  const lastText = (await last.textContent())!.trim();
  await last.evaluate((h) => window.scrollTo(0, h.getBoundingClientRect().top + window.scrollY - 60));
  await expect(contents.locator('[aria-current="location"]')).toHaveText(lastText);
  await expect(page.getByText(text('resources.tags'), { exact: false })).toBeVisible();
  await expectAccessible(page);

  // The FAQs, from the resources menu.
  await page
    .getByRole('main')
    .getByRole('navigation', { name: text('resources.title') })
    .getByRole('link', { name: text('resources.faqs') })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: text('pages.faqs.heading') })).toBeVisible();
  const faqArea = page.getByRole('main').getByRole('article');
  const questions = faqArea.getByRole('button', { expanded: false });
  const all = await questions.count();
  expect(all).toBeGreaterThanOrEqual(20);
  await page.getByRole('searchbox', { name: text('resourcePages.search') }).fill('embed');
  await expect.poll(() => questions.count()).toBeLessThan(all);
  await questions.first().click();
  await expect(faqArea.getByRole('button', { expanded: true })).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('searchbox', { name: text('resourcePages.search') }).fill('zzqx');
  await expect(page.getByText('No FAQ matches “zzqx”.')).toBeVisible();

  // The glossary, A to Z.
  await page.goto('/resources/glossary');
  await page
    .getByRole('navigation', { name: text('resourcePages.letters') })
    .getByRole('link', { name: 'P', exact: true })
    .click();
  await expect(page.locator('dt', { hasText: /^Portal$/ })).toBeInViewport();
  await expectAccessible(page);

  // The blog: its three posts.
  await page.goto('/resources/blog');
  await expect(page.getByRole('listitem').getByRole('article')).toHaveCount(
    seedArticles.filter((a) => a.kind === 'blog').length,
  );

  // An address with no article.
  await page.goto('/resources/blog/no-such-post');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('resources.articleNotFound'));
});
