import { expect, test } from '@playwright/test';
import { demoSpace, watchCspViolations } from './support';

// The Content-Security-Policy (server/plugins/security.ts) allows no 'unsafe-eval': the app's own
// code must run under it without a single violation report, on clean demo content.

test.describe('no Content-Security-Policy violation', () => {
  test.describe.configure({ timeout: 90_000 });

  test('on the viewer, the embedded viewer and the profile', async ({ page }) => {
    const demo = await demoSpace(page.request);
    const violations = await watchCspViolations(page);
    for (const path of [`/viewer/${demo.sceneId}`, `/viewer/embed/${demo.sceneId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(demo.title);
      // Loaded: the engine has read the whole space.
      await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
      expect(await violations(), path).toEqual([]);
    }
    await page.goto(`/user/${demo.ownerId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Harbour Museum');
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    expect(await violations(), 'profile').toEqual([]);
  });
});
