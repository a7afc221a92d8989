import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  type FileKind,
  type FileRecord,
  fileUrl,
  type ThumbnailWidth,
  thumbnailUrl,
  thumbnailWidths,
} from '../../../contracts/files';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { fileThumbnails, files } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import type { BlobStore } from '../../storage/blobStore';
import { toIsoTime } from '../../support/time';
import { makeThumbnail, thumbnailMimeType } from './thumbnails';
import { receiveUpload } from './upload';

export type FileRow = typeof files.$inferSelect;

/** What the download routes need to serve a blob. */
export interface Servable {
  sha256: string;
  size: number;
  mimeType: string;
  name: string;
}

const fileIdPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function toRecord(row: FileRow): FileRecord {
  return {
    id: row.id,
    url: fileUrl(row.id),
    thumbnailUrl: row.kind === 'picture' ? thumbnailUrl(row.id) : undefined,
    size: row.size,
    mimeType: row.mimeType,
    kind: row.kind as FileKind,
    originalName: row.originalName,
    width: row.width ?? undefined,
    height: row.height ?? undefined,
    createdAt: toIsoTime(row.createdAt),
  };
}

/** A small least-recently-used map. */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly capacity: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}

/**
 * Uploads, lookups and thumbnails. Rows are written only once their blob is safely stored.
 *
 * A file never changes once stored (its bytes are addressed by their hash), so what the download
 * routes need is kept in memory: a hot file is served without a database round trip. Whatever
 * removes a file must call `forget`. Clients are told to cache for a year anyway.
 */
export class FileService {
  /** Thumbnails being made right now, so simultaneous requests encode once. */
  private readonly making = new Map<string, Promise<Servable>>();
  /** id → file, and `id:width` → thumbnail. */
  private readonly known = new Lru<string, Servable>(10_000);

  constructor(
    private readonly db: Database,
    private readonly store: BlobStore,
  ) {}

  async upload(request: FastifyRequest, kind: FileKind, ownerId: string | null = null): Promise<FileRecord> {
    const received = await receiveUpload(request, this.store, kind);
    const [row] = await this.db
      .insert(files)
      .values({
        id: uuidv7(),
        sha256: received.blob.sha256,
        size: received.blob.size,
        mimeType: received.type.mimeType,
        kind,
        originalName: received.originalName,
        ownerId,
        width: received.width ?? null,
        height: received.height ?? null,
      })
      .returning();
    return toRecord(row);
  }

  /** The file's row; NOT_FOUND for an unknown or malformed id. */
  async find(id: string): Promise<FileRow> {
    if (!fileIdPattern.test(id)) throw notFound('No such file');
    const [row] = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    if (!row) throw notFound('No such file');
    return row;
  }

  async servable(id: string): Promise<Servable> {
    const cached = this.known.get(id);
    if (cached) return cached;
    const row = await this.find(id);
    const servable = { sha256: row.sha256, size: row.size, mimeType: row.mimeType, name: row.originalName };
    this.known.set(id, servable);
    return servable;
  }

  /** Drops what is remembered about a file (call when it is deleted). */
  forget(id: string) {
    this.known.delete(id);
    for (const width of thumbnailWidths) this.known.delete(`${id}:${width}`);
  }

  /**
   * A picture's WebP thumbnail at one of the allowed widths: made on the first request, stored as
   * a blob and recorded, then served from the store. Only pictures have thumbnails (NOT_FOUND).
   */
  async thumbnail(id: string, width: ThumbnailWidth): Promise<Servable> {
    const key = `${id}:${width}`;
    const cached = this.known.get(key);
    if (cached) return cached;
    const made = await this.findOrMakeThumbnail(id, width);
    this.known.set(key, made);
    return made;
  }

  private async findOrMakeThumbnail(id: string, width: ThumbnailWidth): Promise<Servable> {
    const row = await this.find(id);
    if (row.kind !== 'picture') throw notFound('Only pictures have thumbnails');
    const name = `${row.originalName.replace(/\.[^.]*$/, '')}-${width}.webp`;
    const [known] = await this.db
      .select()
      .from(fileThumbnails)
      .where(and(eq(fileThumbnails.fileId, id), eq(fileThumbnails.width, width)))
      .limit(1);
    if (known) return { sha256: known.sha256, size: known.size, mimeType: known.mimeType, name };

    const key = `${id}:${width}`;
    let pending = this.making.get(key);
    if (!pending) {
      pending = this.makeThumbnail(row, width, name).finally(() => this.making.delete(key));
      this.making.set(key, pending);
    }
    return pending;
  }

  private async makeThumbnail(row: FileRow, width: number, name: string): Promise<Servable> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.store.get(row.sha256)) chunks.push(chunk as Buffer);
    let bytes: Buffer;
    try {
      bytes = await makeThumbnail(Buffer.concat(chunks), width);
    } catch {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This picture cannot be read');
    }
    const blob = await this.store.put(Readable.from([bytes]));
    await this.db
      .insert(fileThumbnails)
      .values({ fileId: row.id, width, sha256: blob.sha256, size: blob.size, mimeType: thumbnailMimeType })
      .onConflictDoNothing();
    return { sha256: blob.sha256, size: blob.size, mimeType: thumbnailMimeType, name };
  }
}
