import path from 'node:path';

/** One file of an upload: a multipart part or a zip entry. */
export interface IntakePart {
  name: string;
  bytes: Uint8Array;
}

/** A part's name with forward slashes, normalised, without a leading slash. */
export const partPath = (name: string) => path.posix.normalize(name.replace(/\\/g, '/')).replace(/^\/+/, '');

/** The parts by name, for the lookups a uri goes through: exact, then case-insensitive, then by file name. */
export class PartIndex {
  private readonly exact = new Map<string, IntakePart>();
  private readonly lower = new Map<string, IntakePart[]>();
  private readonly base = new Map<string, IntakePart[]>();
  constructor(parts: IntakePart[]) {
    const add = (map: Map<string, IntakePart[]>, key: string, part: IntakePart) =>
      map.set(key, [...(map.get(key) ?? []), part]);
    for (const part of parts) {
      const name = partPath(part.name);
      this.exact.set(name, part);
      add(this.lower, name.toLowerCase(), part);
      add(this.base, path.posix.basename(name).toLowerCase(), part);
    }
  }
  find(name: string): IntakePart | undefined {
    const exact = this.exact.get(name);
    if (exact) return exact;
    const lower = this.lower.get(name.toLowerCase());
    if (lower?.length === 1) return lower[0];
    // Parts uploaded side by side arrive without their folders: match by file name when unique.
    const base = this.base.get(path.posix.basename(name).toLowerCase());
    return base?.length === 1 ? base[0] : undefined;
  }
}
