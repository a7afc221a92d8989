/** How an engine build file is described on the wire: its content type and content coding. */

const typesByExtension: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.data': 'application/octet-stream',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ktx2': 'image/ktx2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

export interface BuildFileRepresentation {
  /** The type of the content once decoded (`Viewer.wasm.br` is application/wasm). */
  contentType: string;
  /** `br` for Unity's brotli-compressed files, which are sent as stored. */
  encoding: 'br' | null;
}

export function representationOf(name: string): BuildFileRepresentation {
  const lower = name.toLowerCase();
  const encoding = lower.endsWith('.br') ? 'br' : null;
  const inner = encoding ? lower.slice(0, -'.br'.length) : lower;
  const dot = inner.lastIndexOf('.');
  const extension = dot >= 0 ? inner.slice(dot) : '';
  return { contentType: typesByExtension[extension] ?? 'application/octet-stream', encoding };
}

/**
 * Whether the client takes brotli (RFC 9110 §12.5.3): no Accept-Encoding accepts anything; else
 * `br` or `*` with a non-zero weight. Browsers leave `br` out on plain-HTTP origins, and a Unity
 * build then gets its files decoded by the server instead of failing to start.
 */
export function acceptsBrotli(header: string | undefined): boolean {
  if (header === undefined) return true;
  let wildcard = false;
  for (const part of header.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)).find(Boolean);
    const weight = q ? Number(q[1]) : 1;
    if (token.trim() === 'br') return weight > 0;
    if (token.trim() === '*') wildcard = weight > 0;
  }
  return wildcard;
}
