import { describe, expect, it } from 'vitest';
import { contentDisposition, etagMatches, parseRange } from '../../../server/http/bytes';

const etag = '"abc"';

describe('Range parsing', () => {
  const range = (header: string | undefined, size = 100, ifRange?: string) =>
    parseRange(header, size, ifRange, etag);

  it('reads bytes=a-b, a- and -n', () => {
    expect(range('bytes=0-9')).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(range('bytes=0-0')).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(range('bytes=90-')).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(range('bytes=-10')).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(range('bytes=-500')).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(range('bytes=50-5000')).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(range('bytes = 1 - 2')).toEqual({ kind: 'partial', start: 1, end: 2 });
  });

  it('knows unsatisfiable ranges', () => {
    expect(range('bytes=100-')).toEqual({ kind: 'unsatisfiable' });
    expect(range('bytes=100-200')).toEqual({ kind: 'unsatisfiable' });
    expect(range('bytes=-0')).toEqual({ kind: 'unsatisfiable' });
    expect(range('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what it does not serve: the whole file is sent', () => {
    for (const h of [
      undefined,
      '',
      'bytes=',
      'bytes=-',
      'bytes=5-1',
      'bytes=0-1,3-4',
      'items=0-1',
      'bytes=a-b',
    ]) {
      expect(range(h), String(h)).toEqual({ kind: 'full' });
    }
  });

  it('honours If-Range only with the current ETag', () => {
    expect(range('bytes=0-1', 100, etag)).toEqual({ kind: 'partial', start: 0, end: 1 });
    expect(range('bytes=0-1', 100, '"old"')).toEqual({ kind: 'full' });
    expect(range('bytes=0-1', 100, 'Wed, 21 Oct 2015 07:28:00 GMT')).toEqual({ kind: 'full' });
  });
});

describe('If-None-Match', () => {
  it('matches the ETag, weakly, in lists, and *', () => {
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`W/${etag}`, etag)).toBe(true);
    expect(etagMatches(`"x", ${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"x"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});

describe('Content-Disposition', () => {
  it('gives an ASCII fallback and the exact name in RFC 5987 form', () => {
    expect(contentDisposition('plan.png')).toBe(`inline; filename="plan.png"; filename*=UTF-8''plan.png`);
    expect(contentDisposition('a "b" \\ c%.png')).toBe(
      `inline; filename="a _b_ _ c_.png"; filename*=UTF-8''a%20%22b%22%20%5C%20c%25.png`,
    );
    expect(contentDisposition("it's (1)*.png")).toBe(
      `inline; filename="it's (1)*.png"; filename*=UTF-8''it%27s%20%281%29%2A.png`,
    );
    expect(contentDisposition('日本.png')).toBe(
      `inline; filename="__.png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png`,
    );
  });
});
