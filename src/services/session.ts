import type { KyInstance } from 'ky';
import type { User, UserManager } from 'oidc-client-ts';
import { fromCallback, fromPromise } from 'xstate';
import { authCallbackPath } from '../../contracts/roles';
import type { SessionEvent, SessionProfile, SessionUser } from '../machines/sessionMachine';

const meta = (name: string) =>
  document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;

/**
 * The OpenID client of this page's origin (main host or a district subdomain). Its code loads on
 * first use — signing in, the callback, or a stored session — so a visitor's first page stays small.
 */
export function createUserManager(): () => Promise<UserManager> {
  let manager: Promise<UserManager> | undefined;
  return () =>
    (manager ??= import('oidc-client-ts').then(({ UserManager, WebStorageStateStore }) =>
      newManager(UserManager, WebStorageStateStore),
    ));
}

/** Whether a signed-in user is stored on this origin (no need to load the client otherwise). */
const hasStoredUser = () => Object.keys(window.localStorage).some((key) => key.startsWith('oidc.user:'));

function newManager(
  UserManager: typeof import('oidc-client-ts').UserManager,
  WebStorageStateStore: typeof import('oidc-client-ts').WebStorageStateStore,
): UserManager {
  return new UserManager({
    authority: meta('oidc-authority') ?? `${location.origin}/oidc`,
    client_id: meta('oidc-client-id') ?? 'web',
    redirect_uri: `${location.origin}${authCallbackPath}`,
    post_logout_redirect_uri: location.origin,
    scope: 'openid profile email',
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
  });
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  try {
    const part = token.split('.')[1] ?? '';
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(decodeURIComponent(escape(json))) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** The session's view of an oidc-client-ts user; roles come from the access token. */
export function toSessionUser(user: User | null): SessionUser | null {
  if (!user || user.expired) return null;
  const claims = decodeJwtPayload(user.access_token);
  const rolesClaim = meta('oidc-roles-claim') ?? 'roles';
  const raw = claims[rolesClaim] ?? user.profile[rolesClaim];
  const roles = Array.isArray(raw) ? raw.map(String) : typeof raw === 'string' ? [raw] : [];
  return {
    userId: user.profile.sub,
    name: String(user.profile.name ?? claims.name ?? user.profile.email ?? ''),
    email: typeof user.profile.email === 'string' ? user.profile.email : undefined,
    roles,
    accessToken: user.access_token,
    expiresAt: user.expires_at,
  };
}

/** The access token in a cookie, so plain GETs (images, files) carry it too. */
export function writeTokenCookie(token: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `access_token=${encodeURIComponent(token)}; Path=/; SameSite=Lax${secure}`;
}
export function clearTokenCookie() {
  document.cookie = 'access_token=; Path=/; Max-Age=0; SameSite=Lax';
}

/** Reads the caller's user record; creates it with the token's name the first time (GET my → 302). */
async function ensureProfile(
  api: KyInstance,
  user: SessionUser,
  signal?: AbortSignal,
): Promise<SessionProfile> {
  const res = await api.get('userService/user/my', { redirect: 'manual', throwHttpErrors: false, signal });
  if (res.type === 'opaqueredirect' || res.status === 302) {
    const body = new FormData();
    body.set('name', user.name || user.email?.split('@')[0] || 'New member');
    const created = await api.post('userService/user', { body, signal }).json<SessionProfile>();
    return created;
  }
  if (!res.ok) throw new Error(`Your profile could not be loaded (${res.status})`);
  return res.json<SessionProfile>();
}

/** The session machine's real actors: oidc-client-ts for sign-in, the API for the profile. */
export function sessionActors(manager: () => Promise<UserManager>, api: KyInstance) {
  return {
    loadUser: fromPromise(async () =>
      hasStoredUser() ? toSessionUser(await (await manager()).getUser()) : null,
    ),
    startSignIn: fromPromise(async ({ input }: { input: { returnTo: string } }) => {
      const um = await manager();
      await um.signinRedirect({ state: { returnTo: input.returnTo } });
    }),
    completeSignIn: fromPromise<{ user: SessionUser; returnTo: string | null }>(async () => {
      const user = await (await manager()).signinRedirectCallback();
      const session = toSessionUser(user);
      if (!session) throw new Error('Sign-in did not complete');
      const state = user.state as { returnTo?: string } | undefined;
      const returnTo = state?.returnTo && state.returnTo.startsWith('/') ? state.returnTo : '/';
      return { user: session, returnTo };
    }),
    renew: fromPromise(async () => toSessionUser(await (await manager()).signinSilent())),
    signOut: fromPromise(async () => {
      const um = await manager();
      const user = await um.getUser();
      await um.removeUser();
      await um.signoutRedirect({ id_token_hint: user?.id_token });
    }),
    ensureProfile: fromPromise(
      async ({ input, signal }: { input: { user: SessionUser }; signal: AbortSignal }) =>
        ensureProfile(api, input.user, signal),
    ),
    watchUser: fromCallback<SessionEvent>(({ sendBack }) => {
      let stop: (() => void)[] = [];
      let stopped = false;
      void manager().then((um) => {
        if (stopped) return;
        stop = [
          um.events.addUserLoaded((u) => {
            const user = toSessionUser(u);
            sendBack(user ? { type: 'session.updated', user } : { type: 'session.expired' });
          }),
          um.events.addUserUnloaded(() => sendBack({ type: 'session.expired' })),
          um.events.addAccessTokenExpired(() => sendBack({ type: 'session.expired' })),
          um.events.addUserSignedOut(() => sendBack({ type: 'session.expired' })),
        ];
      });
      return () => {
        stopped = true;
        stop.forEach((unsubscribe) => unsubscribe());
      };
    }),
  };
}

/** The session machine's real effects on the page: the token cookie. */
export const sessionActions = {
  writeTokenCookie: (_: unknown, params: { token: string }) => writeTokenCookie(params.token),
  clearTokenCookie: () => clearTokenCookie(),
};
