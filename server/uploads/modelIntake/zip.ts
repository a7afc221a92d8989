import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { IntakeFailure } from './failure';
import { type ModelIntakeLimits, modelIntakeLimits } from './limits';

export interface UnpackedEntry {
  /** The entry's path inside the zip, with forward slashes. */
  name: string;
  bytes: Buffer;
}

type ZipLimits = Pick<
  ModelIntakeLimits,
  'maxZipEntries' | 'maxUnpackedBytes' | 'maxCompressionRatio' | 'ratioExemptBelowBytes'
>;

const mib = (n: number) => `${Math.round((n / 1_048_576) * 10) / 10} MB`;

const unsafe = (name: string, why: string) =>
  new IntakeFailure('UNSAFE_ARCHIVE', `The zip entry "${name}" ${why}; the zip was not unpacked`, {
    entry: name,
  });

/** Entry names that would land outside the folder they are unpacked into. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.includes('\0')) return 'has a NUL character in its name';
  const slashed = name.replace(/\\/g, '/');
  if (slashed.startsWith('/')) return 'is an absolute path';
  if (/^[a-zA-Z]:/.test(slashed)) return 'starts with a drive letter';
  if (slashed.split('/').includes('..')) return 'climbs out of its folder with ".."';
  return undefined;
}

/** A symbolic link: Unix mode S_IFLNK in the high half of the external attributes (made on Unix). */
const isSymlink = (entry: Entry) =>
  entry.versionMadeBy >> 8 === 3 && ((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000;

/** yauzl's own refusals of entry names (absolute, drive letter, `..`), as it words them. */
const yauzlUnsafe = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/;

const openZip = (bytes: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      // yauzl refuses absolute and `..` names itself (see yauzlUnsafe); unsafeEntryName checks again.
      { lazyEntries: true, autoClose: true, validateEntrySizes: false, decodeStrings: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip)),
    ),
  );

const openEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(error ?? new Error('no stream')) : resolve(stream),
    ),
  );

/**
 * Unpacks a zip held in memory, refusing it as a whole at the first entry that is unsafe (zip slip:
 * `..`, absolute or drive-letter paths; symbolic links; encrypted entries) or over the limits
 * (entry count, unpacked size, compression ratio). Sizes are read from the central directory and
 * then enforced again while inflating: a lying header cannot make an entry larger than declared
 * nor the total larger than the limit. Folders are skipped.
 */
export async function unpackZip(
  bytes: Buffer,
  limits: ZipLimits = modelIntakeLimits,
): Promise<UnpackedEntry[]> {
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch (error) {
    throw new IntakeFailure('MODEL_INVALID', 'The zip cannot be read: it is damaged or not a zip', {
      reason: (error as Error).message,
    });
  }
  if (zip.entryCount > limits.maxZipEntries) {
    zip.close();
    throw new IntakeFailure(
      'ARCHIVE_TOO_LARGE',
      `The zip has ${zip.entryCount} entries; at most ${limits.maxZipEntries} are accepted`,
      { entries: zip.entryCount, maxEntries: limits.maxZipEntries },
    );
  }

  const entries: UnpackedEntry[] = [];
  let unpacked = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const fail = (error: unknown) => {
        zip.close();
        reject(error instanceof Error ? error : new Error(String(error)));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve());
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          const name = entry.fileName;
          const why = unsafeEntryName(name);
          if (why) throw unsafe(name, why);
          if (isSymlink(entry)) throw unsafe(name, 'is a symbolic link');
          if (entry.isEncrypted()) throw unsafe(name, 'is encrypted');
          if (name.endsWith('/') || name.endsWith('\\')) return zip.readEntry();
          if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
            throw new IntakeFailure(
              'MODEL_INVALID',
              `The zip entry "${name}" is packed with a method we cannot unpack: zip it again with the usual (Deflate) method`,
              { entry: name, compressionMethod: entry.compressionMethod },
            );

          const declared = entry.uncompressedSize;
          const tooBig = () =>
            new IntakeFailure(
              'ARCHIVE_TOO_LARGE',
              `The zip unpacks to more than ${mib(limits.maxUnpackedBytes)}, the most accepted`,
              { maxUnpackedBytes: limits.maxUnpackedBytes },
            );
          const bomb = (size: number) =>
            new IntakeFailure(
              'ARCHIVE_TOO_LARGE',
              `The zip entry "${name}" inflates more than ${limits.maxCompressionRatio} times its packed size; ` +
                'it looks like a zip bomb',
              { entry: name, maxCompressionRatio: limits.maxCompressionRatio, unpackedBytes: size },
            );
          const ratioOk = (size: number) =>
            size < limits.ratioExemptBelowBytes ||
            size <= Math.max(entry.compressedSize, 1) * limits.maxCompressionRatio;
          if (unpacked + declared > limits.maxUnpackedBytes) throw tooBig();
          if (!ratioOk(declared)) throw bomb(declared);

          const stream = await openEntry(zip, entry);
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            size += chunk.length;
            // Never trust the header: the real bytes are held to the same limits.
            // (yauzl's own size check is off so that these limits, not it, decide the refusal.)
            if (unpacked + size > limits.maxUnpackedBytes || size > declared || !ratioOk(size)) {
              stream.destroy();
              throw unpacked + size > limits.maxUnpackedBytes
                ? tooBig()
                : size > declared
                  ? new IntakeFailure(
                      'ARCHIVE_TOO_LARGE',
                      `The zip entry "${name}" inflates to more than the ${declared} bytes its header declares; ` +
                        'it looks like a zip bomb',
                      { entry: name, declaredBytes: declared },
                    )
                  : bomb(size);
            }
            chunks.push(chunk);
          }
          if (size !== declared)
            throw new IntakeFailure(
              'MODEL_INVALID',
              `The zip entry "${name}" is shorter than its header says: the zip is damaged`,
              {
                entry: name,
              },
            );
          unpacked += size;
          entries.push({ name: name.replace(/\\/g, '/'), bytes: Buffer.concat(chunks, size) });
          zip.readEntry();
        })().catch(fail);
      });
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof IntakeFailure) throw error;
    const named = yauzlUnsafe.exec((error as Error).message);
    if (named) throw unsafe(named[2], unsafeEntryName(named[2]) ?? 'is not a safe relative path');
    throw new IntakeFailure('MODEL_INVALID', 'The zip cannot be read: it is damaged', {
      reason: (error as Error).message,
    });
  }
  return entries;
}
