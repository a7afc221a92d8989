import type { Readable } from 'node:stream';

/** Metadata of a stored blob. Blobs are content-addressed: the key is the sha256 of the bytes. */
export interface BlobInfo {
  sha256: string;
  size: number;
}

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Bytes written to the store while they arrive (a large request body), then stored under their
 * sha256 once the caller knows it: `finish` makes them durable and puts them in place (nothing is
 * written twice when that blob is stored already); `abort` leaves nothing behind.
 */
export interface BlobWriter {
  /** Queues the next bytes (they must stay unchanged until `finish` or `abort` has settled). */
  write(bytes: Uint8Array): void;
  finish(sha256: string): Promise<BlobInfo>;
  abort(): Promise<void>;
}

/**
 * Where file bytes live: the local filesystem by default, any S3-compatible store at scale.
 * Writes are all-or-nothing: a failed or interrupted `put` leaves nothing behind.
 */
export interface BlobStore {
  readonly kind: 'filesystem' | 's3';
  /** Streams bytes in, hashing as they go; stores them under their sha256 and returns it. */
  put(source: Readable): Promise<BlobInfo>;
  /**
   * Stores bytes already in memory whose sha256 the caller computed (as they arrived): nothing
   * is written when a blob with that key is stored already.
   */
  putBytes(bytes: Uint8Array, sha256: string): Promise<BlobInfo>;
  /** Starts writing bytes as they arrive, where the store can (the filesystem); else undefined. */
  openWriter?(): BlobWriter;
  /** Reads a blob, whole or a byte range (inclusive end). Throws NOT_FOUND for an unknown key. */
  get(sha256: string, range?: ByteRange): Promise<Readable>;
  stat(sha256: string): Promise<BlobInfo | null>;
  delete(sha256: string): Promise<void>;
  /** Cheap check for /readyz. */
  ping(): Promise<void>;
  /** Releases clients and handles; called when the app closes. */
  close?(): Promise<void>;
}

const blobKeyPattern = /^[0-9a-f]{64}$/;

/** True for a well-formed blob key (lower-case hex sha256); anything else is never looked up. */
export const isBlobKey = (key: string) => blobKeyPattern.test(key);
