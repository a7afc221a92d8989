import { describe, expect, it } from 'vitest';
import { districtOf } from '../../src/lib/host';

describe('districtOf', () => {
  it('names the district of a subdomain of the base domain', () => {
    expect(districtOf('gallery.localhost', 'localhost')).toBe('gallery');
    expect(districtOf('Museum-1.spaces.example.org', 'spaces.example.org')).toBe('museum-1');
    expect(districtOf('gallery.spaces.example.org.', 'spaces.example.org')).toBe('gallery');
  });

  it('finds no district on the main host, other domains, nested or reserved labels', () => {
    expect(districtOf('localhost', 'localhost')).toBeNull();
    expect(districtOf('spaces.example.org', 'spaces.example.org')).toBeNull();
    expect(districtOf('gallery.other.org', 'spaces.example.org')).toBeNull();
    expect(districtOf('a.b.localhost', 'localhost')).toBeNull();
    expect(districtOf('www.localhost', 'localhost')).toBeNull();
    expect(districtOf('-bad.localhost', 'localhost')).toBeNull();
    expect(districtOf('evillocalhost', 'localhost')).toBeNull();
  });
});
