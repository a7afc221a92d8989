import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };

export const port = Number(process.env.E2E_PORT);
/** A district subdomain of the test server (`*.localhost` resolves to loopback in Chromium). */
export const districtOrigin = (name: string) => `http://${name}.localhost:${port}`;

/** Looks up a catalogue string by its dotted key. */
export function text(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], en);
  if (typeof value !== 'string') throw new Error(`No catalogue string at ${key}`);
  return value;
}

/** Fails on any serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `accessibility violations on ${page.url()}`).toEqual([]);
}
