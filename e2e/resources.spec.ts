import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { demoSpace, port } from './support';

// Pages load nothing that is missing: every resource they ask for answers, the browser's own
// requests (the site icon) included.

/** The URLs the page asks for from now on that answer 4xx or 5xx, seen by the browser itself. */
async function watchFailures(page: Page): Promise<() => string[]> {
  const failures: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  cdp.on('Network.responseReceived', ({ response }) => {
    if (response.status >= 400) failures.push(`${response.status} ${response.url}`);
  });
  return () => failures;
}

test('the sign-in page loads no missing resource', async ({ page }) => {
  const failures = await watchFailures(page);
  await page.goto('/login');
  await page.waitForURL(/\/interaction\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(failures()).toEqual([]);
});

test('the embedded viewer loads no missing resource, on its own or in another site', async ({ page }) => {
  const demo = await demoSpace(page.request);
  const failures = await watchFailures(page);
  const embed = `http://localhost:${port}/viewer/embed/${demo.sceneId}?showSignIn=1&showCommunications=1`;
  await page.goto(embed);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.title);
  await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  expect(failures()).toEqual([]);

  const host: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Our museum</title><iframe src="${embed}" width="700" height="500"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(host.address() as AddressInfo).port}/`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(demo.title, { timeout: 30_000 });
    await expect(frame.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  } finally {
    host.close();
  }
  // The other site's own page has no icon: only this site's answers count.
  expect(failures().filter((f) => !f.includes('127.0.0.1'))).toEqual([]);
});

test('the site icon is there for browsers that ask for /favicon.ico', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
});
