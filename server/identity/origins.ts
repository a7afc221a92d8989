import { authCallbackPath } from '../../contracts/identity';

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One DNS label: what a district subdomain may be. */
const label = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

/**
 * The origins the web app runs on: the main site (PUBLIC_ORIGIN) and every single-label subdomain
 * of BASE_DOMAIN with the same scheme and port (`http://gallery.localhost:8080`).
 */
export interface AppOrigins {
  main: string;
  /** Pattern of district origins, e.g. `http://*.localhost:8080`, as a CSP source. */
  districtSource: string;
  isAppOrigin(origin: string): boolean;
  /** A redirect_uri the SPA may use: `<app origin>/authentication/callback`, exactly. */
  isCallback(uri: string): boolean;
  /** A post_logout_redirect_uri: an app origin, with or without the trailing slash. */
  isPostLogout(uri: string): boolean;
  /** `value` when it is an absolute URL on an app origin, else the main origin. */
  safeReturnTo(value: unknown): string;
}

export function appOrigins(publicOrigin: string, baseDomain: string): AppOrigins {
  const main = new URL(publicOrigin).origin;
  const { protocol, port } = new URL(main);
  const portPart = port ? `:${port}` : '';
  const district = new RegExp(
    `^${escapeRe(protocol)}//${label}\\.${escapeRe(baseDomain)}${escapeRe(portPart)}$`,
  );
  const isAppOrigin = (origin: string) => origin === main || district.test(origin);
  const originOf = (uri: string, suffix: string) =>
    uri.endsWith(suffix) ? uri.slice(0, uri.length - suffix.length) : undefined;
  return {
    main,
    districtSource: `${protocol}//*.${baseDomain}${portPart}`,
    isAppOrigin,
    isCallback(uri) {
      const origin = originOf(uri, authCallbackPath);
      return origin !== undefined && isAppOrigin(origin);
    },
    isPostLogout(uri) {
      const origin = uri.endsWith('/') ? uri.slice(0, -1) : uri;
      return isAppOrigin(origin);
    },
    safeReturnTo(value) {
      if (typeof value !== 'string' || value.length > 2048) return `${main}/`;
      try {
        const url = new URL(value);
        // Only http(s) URLs whose serialised form starts with an app origin (no userinfo tricks).
        if (
          isAppOrigin(url.origin) &&
          url.href.startsWith(`${url.origin}/`) &&
          value.startsWith(url.origin)
        ) {
          return url.href;
        }
      } catch {
        // not a URL
      }
      return `${main}/`;
    },
  };
}
