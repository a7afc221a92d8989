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
 * Where file bytes live: the local filesystem by default, any S3-compatible store at scale.
 * Writes are all-or-nothing: a failed or interrupted `put` leaves nothing behind.
 */
export interface BlobStore {
  readonly kind: 'filesystem' | 's3';
  /** Streams bytes in, hashing as they go; stores them under their sha256 and returns it. */
  put(source: Readable): Promise<BlobInfo>;
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
