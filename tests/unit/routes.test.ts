import { describe, expect, it } from 'vitest';
import { chromeOf, districtCategories, isKnownSection, profileCategories, routes } from '../../src/routes';

describe('route map', () => {
  it('has every path of platform.md §2.1', () => {
    const paths = routes.flatMap((r) => r.paths);
    for (const path of [
      '/',
      '/login',
      '/contact-us',
      '/artsteps-migration',
      '/coming-soon',
      '/explore',
      '/wallet',
      '/settings',
      '/terms-of-service',
      '/terms-of-service/professional-services-addendum',
      '/terms-of-service/data-processing-addendum',
      '/privacy-notice',
      '/refund-policy',
      '/space-access-denied',
      '/curate/:sceneId',
      '/curate',
      '/viewer/:sceneId',
      '/viewer/embed/:sceneId',
      '/user',
      '/user/:userId',
      '/user/:userId/:category',
      '/user/:userId/:category/:subcategory',
      '/pricing',
      '/solutions/:slug',
      '/resources/faqs',
      '/resources/guides',
      '/resources/guides/:resourceId',
      '/resources/blog',
      '/resources/blog/:resourceId',
      '/resources/glossary',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('knows profile and district sections', () => {
    expect(isKnownSection(profileCategories, undefined, undefined)).toBe(true);
    expect(isKnownSection(profileCategories, 'library', '3d-models')).toBe(true);
    expect(isKnownSection(profileCategories, 'library', 'nope')).toBe(false);
    expect(isKnownSection(profileCategories, 'nope', undefined)).toBe(false);
    expect(isKnownSection(districtCategories, 'members', 'invitations')).toBe(true);
    expect(isKnownSection(districtCategories, 'explore', undefined)).toBe(false);
  });

  it('hides header and footer on the editor and viewer only', () => {
    expect(chromeOf('/curate')).toBe('bare');
    expect(chromeOf('/curate/x')).toBe('bare');
    expect(chromeOf('/viewer/embed/x')).toBe('bare');
    expect(chromeOf('/viewers')).toBe('full');
    expect(chromeOf('/explore')).toBe('full');
  });
});
