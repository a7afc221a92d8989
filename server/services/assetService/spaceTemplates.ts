import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBody } from '../../../contracts/errors';
import {
  CatalogueIdParams,
  PremadeScene,
  PremadeSceneQuery,
  PremadeScenePage,
  premadeFamilies,
  premadeFamilyById,
  premadeSceneById,
  premadeScenes,
  premadeTemplateById,
  premadeTemplates,
  SpaceTemplate,
  SpaceTemplateFamily,
  SpaceTemplateFamilyPage,
  SpaceTemplateFamilyQuery,
  SpaceTemplatePage,
  SpaceTemplateQuery,
} from '../../../contracts/premadeSpaces';
import { notFound } from '../../errors';

/**
 * The premade catalogue (districts-commerce-spaces.md §2 'Premade spaces', §7 'Space template
 * families', 'Space templates'; platform.md §7.4 spacetemplate, §7.3 premadescene): space template
 * families, their templates and each template as a ready-to-load document. The catalogue is
 * configuration (contracts/premadeSpaces.ts), the same for everyone: every route is public.
 */

function page<T>(all: readonly T[], cp: number, ipp: number) {
  return { items: all.slice(cp * ipp, cp * ipp + ipp), cp, ipp, total: all.length };
}

const noFamily = () => notFound('No such space template family');

export function spaceTemplateRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['premade spaces'];

  app.get(
    '/spacetemplate/family',
    {
      schema: {
        tags,
        summary: 'Space template families',
        description:
          'Public. The families of premade rooms, in catalogue order, filtered by a part of their ' +
          'title (case-insensitive), paged with cp and ipp.',
        querystring: SpaceTemplateFamilyQuery,
        response: { 200: SpaceTemplateFamilyPage, 400: ErrorBody.describe('A bad cp, ipp or title') },
      },
    },
    async (request) => {
      const { title, cp, ipp } = request.query;
      const needle = title.toLocaleLowerCase();
      const found = premadeFamilies.filter((f) => f.title.toLocaleLowerCase().includes(needle));
      return page(found, cp, ipp);
    },
  );

  app.get(
    '/spacetemplate/family/:id',
    {
      schema: {
        tags,
        summary: 'A space template family',
        description: 'Public. One family: title, description, cover photo and photo gallery.',
        params: CatalogueIdParams,
        response: { 200: SpaceTemplateFamily, 404: ErrorBody.describe('No such family') },
      },
    },
    async (request) => {
      const family = premadeFamilyById(request.params.id);
      if (!family) throw noFamily();
      return family;
    },
  );

  app.get(
    '/spacetemplate',
    {
      schema: {
        tags,
        summary: 'Space templates',
        description:
          'Public. The templates (a family in one size and kind) with their district prices in ' +
          'credits, by family, size (S to XL) and kind (Standard before Premium); all of them when ' +
          'spaceTemplateFamily is absent. A family has 8 templates. An unknown family answers 404.',
        querystring: SpaceTemplateQuery,
        response: {
          200: SpaceTemplatePage,
          400: ErrorBody.describe('A bad cp, ipp, size or kind'),
          404: ErrorBody.describe('No such family'),
        },
      },
    },
    async (request) => {
      const { spaceTemplateFamily, size, kind, cp, ipp } = request.query;
      if (spaceTemplateFamily !== undefined && !premadeFamilyById(spaceTemplateFamily)) throw noFamily();
      const found = premadeTemplates.filter(
        (t) =>
          (spaceTemplateFamily === undefined || t.spaceTemplateFamilyId === spaceTemplateFamily) &&
          (size === undefined || t.size === size) &&
          (kind === undefined || t.kind === kind),
      );
      return page(found, cp, ipp);
    },
  );

  app.get(
    '/spacetemplate/:id',
    {
      schema: {
        tags,
        summary: 'A space template',
        description: 'Public. One template with its size, kind, district price and district item.',
        params: CatalogueIdParams,
        response: { 200: SpaceTemplate, 404: ErrorBody.describe('No such template') },
      },
    },
    async (request) => {
      const template = premadeTemplateById(request.params.id);
      if (!template) throw notFound('No such space template');
      return template;
    },
  );

  app.get(
    '/premadescene',
    {
      schema: {
        tags,
        summary: 'Premade scenes',
        description:
          'Public. Every template as a ready-to-load scene content document (the room, empty, ' +
          'with a starting point inside the entrance), in the order of GET /spacetemplate; ' +
          'optionally only one family’s. The id of a premade scene is its spaceTemplateId.',
        querystring: PremadeSceneQuery,
        response: {
          200: PremadeScenePage,
          400: ErrorBody.describe('A bad cp or ipp'),
          404: ErrorBody.describe('No such family'),
        },
      },
    },
    async (request) => {
      const { spaceTemplateFamily, cp, ipp } = request.query;
      if (spaceTemplateFamily !== undefined && !premadeFamilyById(spaceTemplateFamily)) throw noFamily();
      const found =
        spaceTemplateFamily === undefined
          ? premadeScenes
          : premadeScenes.filter((s) => s.content.spaceTemplate?.family === spaceTemplateFamily);
      return page(found, cp, ipp);
    },
  );

  app.get(
    '/premadescene/:id',
    {
      schema: {
        tags,
        summary: 'A premade scene',
        description: 'Public. One template (by spaceTemplateId) as a ready-to-load scene content document.',
        params: CatalogueIdParams,
        response: { 200: PremadeScene, 404: ErrorBody.describe('No such template') },
      },
    },
    async (request) => {
      const scene = premadeSceneById(request.params.id);
      if (!scene) throw notFound('No such premade scene');
      return scene;
    },
  );
}
