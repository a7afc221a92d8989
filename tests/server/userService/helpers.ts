import sharp from 'sharp';
import type { TestApp } from '../../support/app';
import type { TestIssuer } from '../../support/tokens';
import { type FormPart, multipartBody } from '../fileService/multipart';

/** A small real PNG in one colour. */
export const png = (colour = '#36c', width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A file of exactly `size` bytes that starts as a real PNG. */
export async function paddedPng(size: number): Promise<Buffer> {
  const head = await png('#c63', 8, 8);
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** Text fields, then file parts, as a browser's FormData sends them. */
export function form(fields: Record<string, string>, files: FormPart[] = []) {
  return multipartBody([...Object.entries(fields).map(([name, data]) => ({ name, data })), ...files]);
}

export const picturePart = (name: string, data: Buffer, filename = 'me.png', contentType = 'image/png') => ({
  name,
  filename,
  contentType,
  data,
});

/** Calls the user service as a given user (or anonymously with `as: null`). */
export function userApi(t: TestApp, issuer: TestIssuer) {
  const auth = async (as: string | null, claims?: { name?: string; email?: string }) =>
    as === null ? {} : issuer.headersFor(as, claims ?? { name: `Name of ${as}`, email: `${as}@example.com` });

  return {
    auth,
    async my(as: string | null) {
      return t.app.inject({ url: '/api/userService/user/my', headers: await auth(as) });
    },
    async create(
      as: string | null,
      fields: Record<string, string> = {},
      claims?: { name?: string; email?: string },
    ) {
      const body = form(fields);
      return t.app.inject({
        method: 'POST',
        url: '/api/userService/user',
        headers: { ...(await auth(as, claims)), ...body.headers },
        payload: body.payload,
      });
    },
    async get(id: string, as: string | null = null) {
      return t.app.inject({
        url: `/api/userService/user/${encodeURIComponent(id)}`,
        headers: await auth(as),
      });
    },
    async patch(id: string, as: string | null, fields: Record<string, string>, files: FormPart[] = []) {
      const body = form(fields, files);
      return t.app.inject({
        method: 'PATCH',
        url: `/api/userService/user/${encodeURIComponent(id)}`,
        headers: { ...(await auth(as)), ...body.headers },
        payload: body.payload,
      });
    },
    async patchJson(id: string, as: string | null, json: unknown) {
      return t.app.inject({
        method: 'PATCH',
        url: `/api/userService/user/${encodeURIComponent(id)}`,
        headers: { ...(await auth(as)), 'content-type': 'application/json' },
        payload: JSON.stringify(json),
      });
    },
    async remove(id: string, as: string | null, password: unknown) {
      return t.app.inject({
        method: 'DELETE',
        url: `/api/userService/user/${encodeURIComponent(id)}`,
        headers: { ...(await auth(as)), 'content-type': 'application/json' },
        payload: JSON.stringify({ password }),
      });
    },
    async search(query: Record<string, string | number>) {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      return t.app.inject({ url: `/api/userService/users/search?${qs}` });
    },
  };
}
