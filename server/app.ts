import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import { installErrorHandler } from './errors';
import hubs from './hubs';
import identity from './identity';
import auth from './plugins/auth';
import dbPlugin from './plugins/db';
import health from './plugins/health';
import linkPreview from './plugins/linkPreview';
import paymentProvider from './payments/plugin';
import openapi from './plugins/openapi';
import security from './plugins/security';
import spa from './plugins/spa';
import assetService from './services/assetService';
import communicationService from './services/communicationService';
import engineFiles from './services/assetService/engineFiles';
import fileService from './services/fileService';
import marketplaceService from './services/marketplaceService';
import sceneService from './services/sceneService';
import userService from './services/userService';
import storagePlugin from './storage/plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BuildOptions {
  /** An open database handle to use instead of opening one from the config (tests). */
  db?: DatabaseHandle;
  /** Where the built SPA is (default dist/spa). */
  spaDir?: string;
  /** pino options, or false to stay quiet (tests). */
  logger?: FastifyServerOptions['logger'];
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count trusts the peer and the `hops - 1` addresses
 * before it in X-Forwarded-For, so the client is the last address the first proxy appended
 * (Fastify's own numeric option trusts nobody).
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Largest body any route accepts; each route narrows it. */
const maxBodyBytes = 32 * 1024 * 1024;

/**
 * The whole platform as one Fastify instance: used by main.ts and by every test.
 */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  app.decorate('config', config);
  await app.register(security);
  await app.register(dbPlugin, { config, handle: options.db });
  await app.register(storagePlugin, { config });
  await app.register(paymentProvider, { config });
  await app.register(multipart, {
    limits: { fileSize: maxBodyBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });
  await app.register(openapi);
  await app.register(auth);
  await app.register(identity);
  await app.register(hubs);

  await app.register(health);
  await app.register(fileService, { prefix: '/api/fileService' });
  await app.register(userService, { prefix: '/api/userService' });
  await app.register(sceneService, { prefix: '/api/sceneService' });
  await app.register(marketplaceService, { prefix: '/api/marketplaceService' });
  await app.register(assetService, { prefix: '/api/assetService' });
  await app.register(engineFiles, { prefix: '/files' });
  await app.register(communicationService, { prefix: '/api/communicationInteractionService' });

  await app.register(linkPreview);
  await app.register(spa, { config, spaDir: options.spaDir ?? path.join(rootDir, 'dist', 'spa') });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
