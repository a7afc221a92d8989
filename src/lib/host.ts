/**
 * District subdomains: `<name>.<BASE_DOMAIN>` shows district `<name>` (platform.md §2.1–2.2).
 * The server tells the SPA its base domain in `<meta name="base-domain">`.
 */

/** Labels that never name a district. */
const reservedLabels = new Set(['www', 'api', 'app']);

/** The district a host name belongs to, or null on the main host. */
export function districtOf(hostname: string, baseDomain: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const base = baseDomain.toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (!base || !host.endsWith(`.${base}`)) return null;
  const label = host.slice(0, -(base.length + 1));
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) return null;
  return reservedLabels.has(label) ? null : label;
}

/** The base domain the server announced, falling back to the current host (no districts then). */
export function readBaseDomain(doc: Document = document): string {
  return doc.querySelector('meta[name="base-domain"]')?.getAttribute('content') ?? doc.location.hostname;
}
