import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test zip, with the fields an attacker would forge. */
export interface ZipEntrySpec {
  name: string;
  data?: Buffer | string;
  /** Deflate (default) or store. */
  store?: boolean;
  /** Another compression method number to claim (the bytes are stored as they are). */
  method?: number;
  /** Declared uncompressed size (default: the real one). */
  declaredSize?: number;
  /** General purpose flags (bit 0: encrypted). */
  flags?: number;
  /** Made on Unix with this mode (e.g. 0o120777 for a symbolic link). */
  unixMode?: number;
}

/** A zip built byte by byte (local headers, central directory, end record), for tests. */
export function makeZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data ?? '');
    const packed = e.store || e.method !== undefined ? raw : deflateRawSync(raw);
    const name = Buffer.from(e.name, 'utf8');
    const method = e.method ?? (e.store ? 0 : 8);
    const flags = (e.flags ?? 0) | 0x0800; // UTF-8 names
    const crc = crc32(raw);
    const size = e.declaredSize ?? raw.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.unixMode === undefined ? 20 : (3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(e.unixMode === undefined ? 0 : (e.unixMode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
