import { createReadStream } from 'node:fs';
import { createBrotliDecompress } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enginePlayers } from '../../../contracts/engineBuilds';
import { ErrorBody } from '../../../contracts/errors';
import { notFound } from '../../errors';
import { etagMatches, immutableCacheControl, parseRange, sendRangeNotSatisfiable } from '../../http/bytes';
import { acceptsBrotli, representationOf } from './buildFileTypes';
import { type BuildFile, EngineBuildDirectory } from './engineBuilds';

const FileParams = z.object({
  version: z.string().describe('A registered engine build version'),
  player: z.string().describe(`${enginePlayers.join(', ')}`),
  '*': z.string().describe('A path inside the player: Build/<file> or StreamingAssets/<path>'),
});

const bytes = (description: string) => ({
  description,
  content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } },
});

/**
 * Sends a build file. Versions never change once registered, so every file is cached for a year.
 * Brotli files go out as stored with `Content-Encoding: br` and the type of what they hold, which
 * is what a Unity build expects of its server; a client that does not take brotli gets them decoded.
 */
async function sendBuildFile(request: FastifyRequest, reply: FastifyReply, file: BuildFile) {
  const { contentType, encoding } = representationOf(file.name);
  const decode = encoding === 'br' && !acceptsBrotli(request.headers['accept-encoding']);
  const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${decode ? '-identity' : ''}"`;
  reply.header('cache-control', immutableCacheControl);
  reply.header('etag', etag);
  if (encoding) reply.header('vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  if (decode) {
    reply.header('content-type', contentType);
    if (request.method === 'HEAD') return reply.send();
    return reply.send(createReadStream(file.path).pipe(createBrotliDecompress()));
  }
  const range = parseRange(request.headers.range, file.size, request.headers['if-range'] as string, etag);
  if (range.kind === 'unsatisfiable') return sendRangeNotSatisfiable(reply, file.size);
  reply.header('content-type', contentType);
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('accept-ranges', 'bytes');
  const { start, end } = range.kind === 'partial' ? range : { start: 0, end: file.size - 1 };
  if (range.kind === 'partial') reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
  reply.header('content-length', end - start + 1);
  if (request.method === 'HEAD' || file.size === 0) return reply.send();
  return reply.send(createReadStream(file.path, { start, end }));
}

/**
 * Serves the registered Unity engine builds at /files/{version}/{Editor|Viewer|Inspector}/...
 * (platform.md §7.7). Public, like the spaces visitors watch. Unknown versions, players and files
 * and paths that try to leave a player's folder all answer 404.
 */
export default async function engineFilesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const builds = new EngineBuildDirectory(app.config.engineBuildsDir, app.log);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/:version/:player/*',
    schema: {
      tags: ['engine builds'],
      summary: 'A file of an engine build',
      description:
        'Build/<Player>.loader.js, Build/<Player>.data.br, Build/<Player>.framework.js.br, ' +
        'Build/<Player>.wasm.br and StreamingAssets/*. `.br` files are sent with Content-Encoding: br ' +
        'and the type of their content (decoded for clients that do not accept br); a year of ' +
        'immutable caching; single byte ranges on stored bytes.',
      params: FileParams,
      response: {
        200: bytes('The file'),
        206: bytes('The requested byte range'),
        304: z.null().describe('Not modified (no body)'),
        404: ErrorBody.describe('No such version, player or file'),
        416: ErrorBody.describe('The range is outside the file'),
      },
    },
    handler: async (request, reply) => {
      const { version, player, '*': rest } = request.params;
      const file = await builds.file(version, player, rest);
      if (!file) throw notFound('No such engine build file');
      return sendBuildFile(request, reply, file);
    },
  });
}
