import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { BlobStore } from './blobStore';
import { FilesystemBlobStore } from './filesystem';
import { S3BlobStore } from './s3';

declare module 'fastify' {
  interface FastifyInstance {
    blobStore: BlobStore;
  }
}

/** The store the configuration asks for: S3 when S3_ENDPOINT and S3_BUCKET are set, else `DATA_DIR/files`. */
export async function createBlobStore(config: Config): Promise<BlobStore> {
  if (config.S3_ENDPOINT && config.S3_BUCKET) {
    return new S3BlobStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      spoolDir: path.join(config.dataDir, 'tmp', 's3-spool'),
    }).init();
  }
  return new FilesystemBlobStore(path.join(config.dataDir, 'files')).init();
}

/** Decorates `app.blobStore`. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const store = await createBlobStore(config);
    app.decorate('blobStore', store);
    app.addHook('onClose', async () => {
      await store.close?.();
    });
    app.log.debug({ kind: store.kind }, 'blob store ready');
  },
  { name: 'blob-store' },
);
