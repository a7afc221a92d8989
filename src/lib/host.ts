/**
 * District subdomains: `<name>.<BASE_DOMAIN>` shows district `<name>` (platform.md §2.1–2.2).
 * The server tells the SPA its base domain in `<meta name="base-domain">`.
 */

export { districtOf } from '../../contracts/routeMap';

/** The base domain the server announced, falling back to the current host (no districts then). */
export function readBaseDomain(doc: Document = document): string {
  return doc.querySelector('meta[name="base-domain"]')?.getAttribute('content') ?? doc.location.hostname;
}

/** The main site's address, from a district host's (same scheme and port). */
export function mainSiteOrigin(): string {
  const { protocol, port } = window.location;
  return `${protocol}//${readBaseDomain()}${port ? `:${port}` : ''}`;
}
