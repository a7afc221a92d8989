import type { Role } from '../../../contracts/identity';
import { users } from '../../../server/db/schema';
import type { TestApp } from '../../support/app';
import type { TestIssuer } from '../../support/tokens';

const base = '/api/socialService';

/** Calls the social service's likes, favourites and history as a given user (or anonymously: null). */
export function reactionsApi(t: TestApp, issuer: TestIssuer) {
  const auth = async (as: string | null, roles: Role[] = ['free-user']) =>
    as === null ? {} : issuer.headersFor(as, { name: `Name of ${as}`, email: `${as}@example.com`, roles });
  const id = (sceneId: string) => encodeURIComponent(sceneId);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, as: string | null) =>
    t.app.inject({ method, url: `${base}${url}`, headers: await auth(as) });
  const qs = (query: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();

  return {
    /** User records for these ids (what signing up makes), so they may like and keep favourites. */
    async members(...ids: string[]) {
      await t.app.db
        .insert(users)
        .values(ids.map((userId) => ({ id: userId, name: `Name of ${userId}` })))
        .onConflictDoNothing();
    },
    reactions: (sceneId: string, as: string | null) => call('GET', `/reactions/${id(sceneId)}`, as),
    like: (sceneId: string, as: string | null) => call('POST', `/likes/${id(sceneId)}`, as),
    unlike: (sceneId: string, as: string | null) => call('DELETE', `/likes/${id(sceneId)}`, as),
    favourite: (sceneId: string, as: string | null) => call('POST', `/favourites/${id(sceneId)}`, as),
    unfavourite: (sceneId: string, as: string | null) => call('DELETE', `/favourites/${id(sceneId)}`, as),
    favourites: (as: string | null, query: Record<string, string | number> = {}) =>
      call('GET', `/favourites?${qs(query)}`, as),
    visit: (sceneId: string, as: string | null) => call('POST', `/history/${id(sceneId)}`, as),
    history: (as: string | null, query: Record<string, string | number> = {}) =>
      call('GET', `/history?${qs(query)}`, as),
    clearHistory: (as: string | null) => call('DELETE', '/history', as),
    forget: (sceneId: string, as: string | null) => call('DELETE', `/history/${id(sceneId)}`, as),
  };
}
