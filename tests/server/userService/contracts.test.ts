import { describe, expect, it } from 'vitest';
import {
  isValidSocialUrl,
  socialNetworkOf,
  socialNetworks,
  socialUrlMessage,
  UserPatch,
  userPatchFormEntries,
} from '../../../contracts/users';
import { roleOfPlan } from '../../../server/services/userService/roles';

describe('roles of plans', () => {
  it('gives each plan its tier', () => {
    expect(roleOfPlan('standard')).toBe('pro-user');
    expect(roleOfPlan('pro')).toBe('premium-user');
    for (const plan of ['free', '', null, undefined, 'gold']) expect(roleOfPlan(plan)).toBe('free-user');
  });
});

describe('social networks', () => {
  it('accept links to the network and its subdomains only', () => {
    const good: [keyof typeof socialNetworks, string][] = [
      ['facebook', 'https://www.facebook.com/ada'],
      ['facebook', 'https://m.facebook.com/ada'],
      ['instagram', 'https://instagram.com/ada'],
      ['x', 'https://x.com/ada'],
      ['x', 'https://twitter.com/ada'],
      ['linkedin', 'https://www.linkedin.com/in/ada'],
      ['youtube', 'https://youtu.be/abc'],
      ['tiktok', 'https://www.tiktok.com/@ada'],
      ['pinterest', 'https://pinterest.co.uk/ada'],
      ['behance', 'https://www.behance.net/ada'],
      ['artstation', 'https://ada.artstation.com/projects'],
      ['website', 'http://anything.example'],
    ];
    for (const [network, url] of good) expect(isValidSocialUrl(network, url), url).toBe(true);
    const bad: [keyof typeof socialNetworks, string][] = [
      ['facebook', 'facebook.com/ada'],
      ['facebook', 'https://facebook.com/'],
      ['facebook', 'https://facebook.com.evil.example/ada'],
      ['facebook', 'https://notfacebook.com/ada'],
      ['instagram', 'javascript:alert(1)//instagram.com/x'],
      ['website', 'ftp://files.example'],
      ['website', 'not a url'],
    ];
    for (const [network, url] of bad) expect(isValidSocialUrl(network, url), url).toBe(false);
  });

  it('know their names and display names', () => {
    expect(socialNetworkOf('Twitter')).toBe('x');
    expect(socialNetworkOf(' LinkedIn ')).toBe('linkedin');
    expect(socialNetworkOf('myspace')).toBeUndefined();
    expect(socialUrlMessage('linkedin')).toBe('Please provide a valid LinkedIn url');
    expect(socialUrlMessage('artstation')).toBe('Please provide a valid ArtStation url');
  });
});

describe('the profile form', () => {
  it('turns values into form entries that read back the same', () => {
    const values = {
      name: 'Ada',
      bio: null,
      searchable: false,
      socialMedia: [{ name: 'youtube' as const, url: 'https://youtube.com/@ada' }],
      coverCrop: { x: 1, y: 2, width: 50, height: 40 },
    };
    const entries = userPatchFormEntries(values);
    expect(entries).toContainEqual(['searchable', 'false']);
    expect(entries).toContainEqual(['bio', '']);
    expect(UserPatch.parse(Object.fromEntries(entries))).toEqual(values);
  });
});
