import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { UnityBuildList, UnityBuildQuery } from '../../../contracts/engineBuilds';
import { ErrorBody } from '../../../contracts/errors';
import { EngineBuildDirectory } from './engineBuilds';
import { AssetLibrary } from './library';
import { libraryRoutes } from './libraryRoutes';
import { spaceTemplateRoutes } from './spaceTemplates';

/**
 * The asset service (platform.md §7.4). Registered under /api/assetService. So far it answers which
 * engine build the SPA loads (its files are served by ./engineFiles at /files), the premade
 * catalogue (./spaceTemplates) and creators' own asset library (./library).
 */
export default async function assetServiceRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const builds = new EngineBuildDirectory(app.config.engineBuildsDir, app.log);

  app.get(
    '/unityBuild',
    {
      schema: {
        tags: ['engine builds'],
        summary: 'The current engine build',
        description:
          'Public: everyone who opens a space needs it. An empty list means no Unity build is ' +
          'registered and the built-in engine runs; otherwise one item with the version and, per ' +
          'player, the URLs of its loader, data, framework, code and streaming assets under ' +
          '/files/{version}/{player}. Builds are registered with `npm run engine:register`.',
        querystring: UnityBuildQuery,
        response: {
          200: UnityBuildList,
          400: ErrorBody.describe('unityBuildName is missing or not `current`'),
        },
      },
    },
    async () => {
      const build = await builds.current();
      return build ? [build] : [];
    },
  );

  spaceTemplateRoutes(app);
  libraryRoutes(app, new AssetLibrary(app.db));
}
