import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db';
import mailPlugin from './mail/plugin';
import { installErrorHandler } from './errors';
import { installJsonBodyParser } from './http/json';
import hubs from './hubs';
import identity from './identity';
import auth from './plugins/auth';
import dbPlugin from './plugins/db';
import health from './plugins/health';
import linkPreview from './plugins/linkPreview';
import seo from './plugins/seo';
import paymentProvider from './payments/plugin';
import openapi from './plugins/openapi';
import security from './plugins/security';
import spa from './plugins/spa';
import adminService from './services/adminService';
import assetService from './services/assetService';
import cmsService from './services/cmsService';
import communicationService from './services/communicationService';
import liveService, { type LiveServiceOptions } from './services/liveService';
import engineFiles from './services/assetService/engineFiles';
import fileService from './services/fileService';
import insightsService from './services/insightsService';
import mailService from './services/mailService';
import marketplaceService from './services/marketplaceService';
import sceneService from './services/sceneService';
import socialService, { type SocialServiceOptions } from './services/socialService';
import notifications from './services/socialService/notificationsPlugin';
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
  /** Options of the social service (tests: rate limits, a listener of new comments). */
  social?: SocialServiceOptions;
  /** Options of the mail sender (tests: no polling, short retry waits). */
  mail?: { pollMs?: number; retryDelaysMs?: readonly number[] };
  /** Live presence settings (tests shorten the counts interval). */
  live?: LiveServiceOptions;
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
 * Start-up never fails for being slow: a loaded machine, a cold disk or a far database may make a
 * plugin take longer than Fastify's default 10 s, and ending the process then only starts the
 * same slow start again. 0 turns the plugin timeout off; `startupStep` logs each step instead, and
 * which one is still running every `startupStillRunningMs`.
 */
export const startupPluginTimeoutMs = 0;
const startupStillRunningMs = 10_000;

/** Runs one start-up step, logging its progress: still running every 10 s, then how long it took. */
export async function startupStep<T>(
  log: FastifyBaseLogger,
  name: string,
  run: () => PromiseLike<T>,
): Promise<T> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  log.debug({ step: name }, `start-up: ${name}…`);
  const still = setInterval(
    () => log.info({ step: name, ms: elapsed() }, `start-up: still on ${name}`),
    startupStillRunningMs,
  );
  try {
    const result = await run();
    log.info({ step: name, ms: elapsed() }, `start-up: ${name} ready`);
    return result;
  } catch (error) {
    log.error({ step: name, ms: elapsed(), err: error }, `start-up: ${name} failed`);
    throw error;
  } finally {
    clearInterval(still);
  }
}

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
    pluginTimeout: startupPluginTimeoutMs,
  }).withTypeProvider<ZodTypeProvider>();
  const step = <T>(name: string, run: () => PromiseLike<T>) => startupStep(app.log, name, run);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  app.decorate('config', config);
  await step('security headers', () => app.register(security));
  await step('database', () => app.register(dbPlugin, { config, handle: options.db }));
  await step('file store', () => app.register(storagePlugin, { config }));
  await step('mail', () => app.register(mailPlugin, options.mail ?? {}));
  await step('payment provider', () => app.register(paymentProvider, { config }));
  await step('request handling', async () => {
    await app.register(multipart, {
      limits: { fileSize: maxBodyBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
    });
    await app.register(openapi);
    await app.register(auth);
  });
  await step('identity', () => app.register(identity));
  await step('hubs', () => app.register(hubs));
  await step('notifications', () => app.register(notifications));
  await step('services', async () => {
    await app.register(health);
    await app.register(fileService, { prefix: '/api/fileService' });
    await app.register(userService, { prefix: '/api/userService' });
    await app.register(sceneService, { prefix: '/api/sceneService' });
    await app.register(marketplaceService, { prefix: '/api/marketplaceService' });
    await app.register(assetService, { prefix: '/api/assetService' });
    await app.register(engineFiles, { prefix: '/files' });
    await app.register(communicationService, { prefix: '/api/communicationInteractionService' });
    await app.register(liveService, { prefix: '/api/communicationInteractionService', ...options.live });
    await app.register(socialService, { prefix: '/api/socialService', ...options.social });
    await app.register(insightsService, { prefix: '/api/insightsService' });
    await app.register(adminService, { prefix: '/api/adminService' });
    await app.register(mailService, { prefix: '/api/mailService' });
    await app.register(cmsService, { prefix: '/api/cmsService' });
  });
  await step('pages', async () => {
    await app.register(linkPreview);
    await app.register(seo);
    await app.register(spa, { config, spaDir: options.spaDir ?? path.join(rootDir, 'dist', 'spa') });
  });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
