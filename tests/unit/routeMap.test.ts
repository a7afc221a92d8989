import { describe, expect, it } from 'vitest';
import { devPagePaths, isOneOf, matchPage } from '../../contracts/routeMap';
import { routes } from '../../src/routes';

const main = { district: false };
const district = { district: true };
const filled = (path: string) => path.replace(':sceneId', '0199a0f0-demo-space').replace(':userId', 'u-42');

describe('matchPage', () => {
  it('finds the route of every example of the map, with its parameters', () => {
    for (const route of routes) {
      for (const example of route.examples) {
        const host = route.host === 'district' ? district : main;
        expect(matchPage(filled(example), host)?.id, example).toBe(route.id);
      }
    }
    expect(matchPage('/viewer/embed/s1', main)).toEqual({ id: 'viewerEmbed', params: { sceneId: 's1' } });
    expect(matchPage('/viewer/s1', main)).toEqual({ id: 'viewer', params: { sceneId: 's1' } });
    // The viewer of a space whose id is 'embed' (the server answers 404 when there is none).
    expect(matchPage('/viewer/embed', main)).toEqual({ id: 'viewer', params: { sceneId: 'embed' } });
    expect(matchPage('/user/u1/spaces/drafts', main)).toEqual({
      id: 'user',
      params: { userId: 'u1', category: 'spaces', subcategory: 'drafts' },
    });
  });

  it('reads paths as the router does: any case, one trailing slash, escapes decoded', () => {
    expect(matchPage('/Explore/', main)?.id).toBe('explore');
    expect(matchPage('/explore//', main)).toBeNull();
    expect(matchPage('/viewer/a%20b', main)?.params).toEqual({ sceneId: 'a b' });
    expect(matchPage('/viewer/%E0%A4%A', main)?.params).toEqual({ sceneId: '%E0%A4%A' });
  });

  it('has no page for paths outside the map', () => {
    for (const path of [
      '/no-such-page',
      '/resources',
      '/viewer',
      '/viewer/s1/more',
      '/curate/s1/more',
      '/user/u1/library/images/more',
      '/index.php',
    ]) {
      expect(matchPage(path, main), path).toBeNull();
      expect(matchPage(path, district), path).toBeNull();
    }
  });

  it('has no page where the page refuses its parameters', () => {
    for (const path of [
      '/solutions/unknown',
      '/user/me/unknown',
      '/user/u1/library/nope',
      '/user/u1/constructor',
    ]) {
      expect(matchPage(path, main), path).toBeNull();
    }
    // A district category that does not exist; the main host's pages come first on a district too.
    expect(matchPage('/nothing-here', district)).toBeNull();
    expect(matchPage('/spaces/unknown', district)).toBeNull();
    expect(matchPage('/explore', district)?.id).toBe('explore');
    expect(matchPage('/', district)?.id).toBe('home');
  });

  it('keeps district sections to district hosts', () => {
    expect(matchPage('/spaces', main)).toBeNull();
    expect(matchPage('/members/invitations', main)).toBeNull();
    expect(matchPage('/members/invitations', district)).toEqual({
      id: 'districtArea',
      params: { category: 'members', subcategory: 'invitations' },
    });
  });

  it('knows the development pages by the same rules', () => {
    expect(isOneOf(devPagePaths, '/dev/engine')).toBe(true);
    expect(isOneOf(devPagePaths, '/Dev/Engine/')).toBe(true);
    expect(isOneOf(devPagePaths, '/dev/other')).toBe(false);
  });
});
