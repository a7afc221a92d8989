import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { type FileKind, uploadRules } from '../../../contracts/files';
import { AppError } from '../../errors';
import type { BlobInfo, BlobStore } from '../../storage/blobStore';
import { type AcceptedType, acceptType, detectType, pictureSize, sniffBytes } from '../../uploads/detect';
import { mib } from '../../uploads/pictureParts';

export interface ReceivedFile {
  blob: BlobInfo;
  type: AcceptedType;
  originalName: string;
  width?: number;
  height?: number;
}

const tooLarge = (kind: FileKind) =>
  new AppError('PAYLOAD_TOO_LARGE', `A ${kind} may be at most ${mib(uploadRules[kind].maxBytes)}`, {
    maxBytes: uploadRules[kind].maxBytes,
  });

const truncated = (cause?: unknown) =>
  new AppError(
    'UPLOAD_TRUNCATED',
    'The upload ended before the whole file arrived, or is not well-formed multipart; please send it again',
    cause instanceof Error ? { reason: cause.message } : undefined,
  );

/** An error from reading the request body, as the client should see it. */
function bodyError(error: unknown, kind: FileKind): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string })?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(kind);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError('PAYLOAD_TOO_LARGE', 'Send one file per request');
  }
  // Malformed multipart, a body that ends early, a client that went away.
  return truncated(error);
}

/** Reads up to `limit` bytes from the front of a stream; `done` says the stream has ended. */
async function readHead(iterator: AsyncIterator<Buffer>, limit: number) {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < limit) {
    const next = await iterator.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), done: false };
}

/**
 * Receives the one file of a multipart upload and stores it, streaming: the first bytes decide the
 * type (refused with 415 unless `kind` allows it), the kind's size limit is enforced while the
 * bytes flow (413), and a body that ends early answers UPLOAD_TRUNCATED. Whatever fails, the store
 * is left as it was: the blob is only committed once every byte has arrived and been checked.
 */
export async function receiveUpload(
  request: FastifyRequest,
  store: BlobStore,
  kind: FileKind,
): Promise<ReceivedFile> {
  const rule = uploadRules[kind];
  let part;
  try {
    part = await request.file({ limits: { fileSize: rule.maxBytes, files: 1 } });
  } catch (error) {
    throw bodyError(error, kind);
  }
  if (!part) throw new AppError('VALIDATION_FAILED', 'The request has no file: send one file part');

  const file = part.file;
  const originalName = (part.filename || 'file').slice(0, 255);
  // busboy truncates a file at the limit and carries on; stop right away instead.
  file.on('limit', () => file.destroy(tooLarge(kind)));
  const iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const discard = () => void iterator.return?.().catch(() => undefined);

  let sniffed: Awaited<ReturnType<typeof readHead>>;
  try {
    sniffed = await readHead(iterator, sniffBytes);
  } catch (error) {
    throw bodyError(error, kind);
  }
  let { head } = sniffed;
  const { done } = sniffed;
  if (file.truncated) throw tooLarge(kind);

  const type = acceptType(kind, await detectType(head, done), originalName);
  if (!type) {
    discard();
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `This file is not one of the types a ${kind} may be: ${rule.types.join(', ')}`,
      { accepted: rule.types },
    );
  }

  let size: { width: number; height: number } | undefined;
  let rest: AsyncIterator<Buffer> | undefined = done ? undefined : iterator;
  if (kind === 'picture') {
    size = await pictureSize(head);
    if (!size && rest) {
      // The header is further in than the first bytes (large EXIF/ICC blocks): read the whole
      // picture, which the size limit keeps small, and look again.
      const chunks: Buffer[] = [head];
      try {
        for (let next = await rest.next(); !next.done; next = await rest.next()) chunks.push(next.value);
      } catch (error) {
        throw bodyError(error, kind);
      }
      if (file.truncated) throw tooLarge(kind);
      head = Buffer.concat(chunks);
      rest = undefined;
      size = await pictureSize(head);
    }
    if (!size) {
      discard();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'This picture cannot be read');
    }
  }

  async function* body() {
    let ended = false;
    try {
      yield head;
      if (rest) {
        for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
      }
      ended = true;
    } catch (error) {
      ended = true;
      throw bodyError(error, kind);
    } finally {
      // The store gave up early (it failed): stop reading the upload.
      if (!ended) discard();
    }
    if (file.truncated) throw tooLarge(kind);
  }

  const blob = await store.put(Readable.from(body(), { objectMode: false }));
  return { blob, type, originalName, ...size };
}
