import { createReadStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { notFound } from '../errors';
import { type BlobInfo, type BlobStore, type ByteRange, isBlobKey } from './blobStore';
import { sweepTempFiles, writeTempFile } from './filesystem';

export interface S3StoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** A local folder where an upload is spooled while it is hashed (the hash is its key). */
  spoolDir: string;
  /** Key prefix inside the bucket. */
  prefix?: string;
}

/** The `take` bytes after the first `skip` bytes of a stream. */
function sliceStream(source: Readable, skip: number, take: number): Readable {
  let toSkip = skip;
  let toTake = take;
  async function* slice() {
    try {
      for await (const chunk of source) {
        let c = chunk as Buffer;
        if (toSkip > 0) {
          const n = Math.min(toSkip, c.length);
          toSkip -= n;
          c = c.subarray(n);
        }
        if (c.length === 0) continue;
        const part = c.subarray(0, toTake);
        toTake -= part.length;
        yield part;
        if (toTake === 0) return;
      }
    } finally {
      source.destroy();
    }
  }
  return Readable.from(slice());
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata?.httpStatusCode === 404);

/**
 * Blobs in any S3-compatible object store, one object per blob under `<prefix><sha256>`. An upload
 * is spooled to a local temp file while it is hashed, then sent with its final key, so the bucket
 * only ever holds complete blobs.
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly spoolDir: string;

  constructor(options: S3StoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? 'blobs/';
    this.spoolDir = options.spoolDir;
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Many self-hosted stores do not understand the newer default integrity checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Creates the spool folder and sweeps leftovers of a crash. */
  async init(): Promise<this> {
    await mkdir(this.spoolDir, { recursive: true });
    await sweepTempFiles(this.spoolDir);
    return this;
  }

  keyOf(sha256: string): string {
    if (!isBlobKey(sha256)) throw notFound('No such blob');
    return `${this.prefix}${sha256}`;
  }

  async put(source: Readable): Promise<BlobInfo> {
    await mkdir(this.spoolDir, { recursive: true });
    const temp = await writeTempFile(source, this.spoolDir);
    try {
      const { sha256, size } = temp;
      if (!(await this.stat(sha256))) {
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: this.keyOf(sha256),
            Body: createReadStream(temp.path),
            ContentLength: size,
            ContentType: 'application/octet-stream',
          }),
        );
      }
      return { sha256, size };
    } finally {
      await rm(temp.path, { force: true });
    }
  }

  async putBytes(bytes: Uint8Array, sha256: string): Promise<BlobInfo> {
    const info = { sha256, size: bytes.length };
    if (!isBlobKey(sha256)) throw new Error('putBytes needs the sha256 of the bytes');
    if (await this.stat(sha256)) return info;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.keyOf(sha256),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
      }),
    );
    return info;
  }

  async get(sha256: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(sha256),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!res.Body) throw notFound('No such blob');
      const body = res.Body as Readable;
      if (!range) return body;
      // Some S3-compatible servers ignore a Range or answer more than asked (bytes=0-0): cut to size.
      const served = /^bytes (\d+)-(\d+)\//.exec(res.ContentRange ?? '');
      const servedStart = served ? Number(served[1]) : 0;
      const servedLength = res.ContentLength ?? Infinity;
      const wanted = range.end - range.start + 1;
      if (servedStart === range.start && servedLength <= wanted) return body;
      return sliceStream(body, range.start - servedStart, wanted);
    } catch (error) {
      if (isNotFound(error)) throw notFound('No such blob');
      throw error;
    }
  }

  async stat(sha256: string): Promise<BlobInfo | null> {
    if (!isBlobKey(sha256)) return null;
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }),
      );
      return { sha256, size: res.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    if (!isBlobKey(sha256)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }));
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
