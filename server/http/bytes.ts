import type { FastifyReply } from 'fastify';

/** HTTP details of serving immutable, content-addressed bytes: validators, ranges, disposition. */

export const immutableCacheControl = 'public, max-age=31536000, immutable';

export const etagOf = (sha256: string) => `"${sha256}"`;

/** If-None-Match against our one (strong) ETag, with the weak comparison RFC 9110 asks for. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = ifNoneMatch.trim();
  if (header === '*') return true;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === `W/${etag}`;
  });
}

export type RangeRequest =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const rangeSpec = /^bytes=(\d*)-(\d*)$/;

/**
 * One `Range: bytes=a-b | a- | -n` against a size. Several ranges, other units and malformed
 * headers are ignored (the whole file is sent), as RFC 9110 allows; `If-Range` with another
 * validator also sends the whole file.
 */
export function parseRange(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): RangeRequest {
  if (!header) return { kind: 'full' };
  if (ifRange !== undefined && ifRange.trim() !== etag) return { kind: 'full' };
  const m = rangeSpec.exec(header.replace(/\s+/g, ''));
  if (!m) return { kind: 'full' };
  const [, a, b] = m;
  if (a === '' && b === '') return { kind: 'full' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? Infinity : Number(b);
  if (!Number.isSafeInteger(start) || end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/** 416 for a range outside the bytes: their size in Content-Range, and not cached. */
export function sendRangeNotSatisfiable(reply: FastifyReply, size: number) {
  return reply
    .code(416)
    .header('content-range', `bytes */${size}`)
    .header('cache-control', 'no-store')
    .send({ code: 'RANGE_NOT_SATISFIABLE', message: `The file has ${size} bytes` });
}

const encodeRfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `inline` with the original name: an ASCII fallback and the exact name in RFC 5987 form. */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
