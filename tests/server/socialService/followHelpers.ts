import type { TestApp } from '../../support/app';
import type { TestIssuer } from '../../support/tokens';
import { userApi } from '../userService/helpers';

const prefix = '/api/socialService';

/** Calls the social service's follows and notifications as a given user (or anonymously with null). */
export function socialApi(t: TestApp, issuer: TestIssuer) {
  const users = userApi(t, issuer);
  const auth = (as: string | null) => users.auth(as);
  const call = async (
    method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
    url: string,
    as: string | null,
    json?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `${prefix}${url}`,
      headers: { ...(await auth(as)), ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { payload: JSON.stringify(json) }),
    });
  const id = encodeURIComponent;
  return {
    users,
    /** Makes the user record of each id, named after it. */
    async signUp(...ids: string[]) {
      for (const userId of ids) {
        const res = await users.create(userId, { name: `Name of ${userId}` });
        if (res.statusCode !== 201) throw new Error(`sign-up of ${userId}: ${res.statusCode} ${res.body}`);
      }
    },
    follow: (as: string | null, userId: string) => call('PUT', `/follows/users/${id(userId)}`, as),
    unfollow: (as: string | null, userId: string) => call('DELETE', `/follows/users/${id(userId)}`, as),
    follows: (as: string | null, userId: string) => call('GET', `/follows/users/${id(userId)}`, as),
    followers: (userId: string, as: string | null = null, query = '') =>
      call('GET', `/users/${id(userId)}/followers${query}`, as),
    following: (userId: string, as: string | null = null, query = '') =>
      call('GET', `/users/${id(userId)}/following${query}`, as),
    notifications: (as: string | null, query = '') => call('GET', `/notifications${query}`, as),
    markRead: (as: string | null, notificationId: string) =>
      call('POST', `/notifications/${id(notificationId)}/read`, as),
    markAllRead: (as: string | null) => call('POST', '/notifications/readAll', as),
    settings: (as: string | null) => call('GET', '/notifications/settings', as),
    patchSettings: (as: string | null, json: unknown) => call('PATCH', '/notifications/settings', as, json),
    /** The counts anyone sees on a profile. */
    async counts(userId: string) {
      const profile = (await users.get(userId)).json();
      return { numOfFollowers: profile.numOfFollowers, numOfFollowing: profile.numOfFollowing };
    },
  };
}
