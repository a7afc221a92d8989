import { describe, expect, it } from 'vitest';
import { type HeaderContext, headerButtons } from '../../src/lib/headerRules';

const base: HeaderContext = { pathname: '/', search: '', district: null, user: null };

describe('header buttons (districts-commerce-spaces.md §2)', () => {
  it('shows Create Space and Login on the main site to visitors', () => {
    expect(headerButtons(base)).toEqual({
      createSpace: true,
      login: true,
      loginInNewTab: false,
      mainLinks: true,
    });
  });

  it('hides Create Space in the editor and in an embed', () => {
    expect(headerButtons({ ...base, pathname: '/curate' }).createSpace).toBe(false);
    expect(headerButtons({ ...base, pathname: '/curate/abc' }).createSpace).toBe(false);
    expect(headerButtons({ ...base, pathname: '/viewer/embed/abc' }).createSpace).toBe(false);
    expect(headerButtons({ ...base, pathname: '/curated-list' }).createSpace).toBe(true);
  });

  it('in a district shows Create Space only to its owner or creator, and hides the main links', () => {
    const district = { ...base, district: 'gallery', districtOwnerIds: ['owner', 'creator'] };
    expect(headerButtons(district)).toMatchObject({ createSpace: false, mainLinks: false });
    expect(headerButtons({ ...district, user: { id: 'someone' } }).createSpace).toBe(false);
    expect(headerButtons({ ...district, user: { id: 'owner' } }).createSpace).toBe(true);
    expect(headerButtons({ ...district, user: { id: 'creator' } }).createSpace).toBe(true);
  });

  it('shows Login in an embed only with showSignIn=1, opening a new tab', () => {
    const embed = { ...base, pathname: '/viewer/embed/abc' };
    expect(headerButtons(embed).login).toBe(false);
    expect(headerButtons({ ...embed, search: '?showSignIn=0' }).login).toBe(false);
    expect(headerButtons({ ...embed, search: '?showSignIn=1' })).toMatchObject({
      login: true,
      loginInNewTab: true,
    });
  });

  it('hides Login once signed in', () => {
    expect(headerButtons({ ...base, user: { id: 'u' } }).login).toBe(false);
  });
});
