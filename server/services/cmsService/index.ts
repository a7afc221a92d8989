import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Article,
  ArticleInput,
  ArticlePage,
  ArticleParams,
  ArticlesQuery,
  Author,
  Category,
  Faq,
  FaqInput,
  GlossaryInput,
  GlossaryTerm,
  IdParams,
  MenuItem,
} from '../../../contracts/cms';
import { ErrorBody } from '../../../contracts/errors';
import { AppError } from '../../errors';
import { AdminService } from '../adminService/service';
import { CmsService } from './service';

const refusals = {
  401: ErrorBody.describe('Not signed in'),
  403: ErrorBody.describe('Not an operator of this platform'),
};
const tags = ['cms'];

/**
 * The content service (registered under /api/cmsService; platform.md §7.5 'CMS', issue 24 §1).
 * Anyone reads what is published; operators (the 'admin' general role, checked on the stored
 * record at every call) write, and read drafts. Every write is in the audit log.
 */
export default async function cmsService(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new CmsService(app.db);
  const operators = new AdminService(app.db);

  /** The operator making this call, or a 401/403. */
  const operator = async (request: FastifyRequest): Promise<string> => {
    if (!request.auth) throw new AppError('UNAUTHORIZED', 'Sign in to do this');
    await operators.requireOperator(request.auth.userId);
    return request.auth.userId;
  };

  app.get(
    '/categories',
    { schema: { tags, summary: 'The categories', response: { 200: z.array(Category) } } },
    async () => service.categories(),
  );
  app.get(
    '/authors',
    { schema: { tags, summary: 'The authors', response: { 200: z.array(Author) } } },
    async () => service.authors(),
  );
  app.get(
    '/guidesMenu',
    { schema: { tags, summary: 'The resources menu and sidebar', response: { 200: z.array(MenuItem) } } },
    async () => service.guidesMenu(),
  );
  app.get(
    '/faqs',
    { schema: { tags, summary: 'The FAQs, in their order', response: { 200: z.array(Faq) } } },
    async () => service.faqs(),
  );
  app.get(
    '/glossary',
    { schema: { tags, summary: 'The glossary, A to Z', response: { 200: z.array(GlossaryTerm) } } },
    async () => service.glossary(),
  );

  app.get(
    '/articles',
    {
      schema: {
        tags,
        summary: 'Guides, blog posts or documents, a page at a time',
        description: 'Published ones; operators may ask for drafts too (drafts=true).',
        querystring: ArticlesQuery,
        response: { 200: ArticlePage, 400: ErrorBody, ...refusals },
      },
    },
    async (request) => {
      const drafts = request.query.drafts === 'true';
      if (drafts) await operator(request);
      return service.articles({ ...request.query, drafts });
    },
  );

  app.get(
    '/articles/:kind/:slug',
    {
      schema: {
        tags,
        summary: 'One article by its address',
        description: "A draft is shown only to operators; to anyone else it is 'Article not found.'",
        params: ArticleParams,
        response: { 200: Article, 400: ErrorBody, 404: ErrorBody.describe('Article not found.') },
      },
    },
    async (request) => {
      let drafts = false;
      if (request.auth)
        drafts = await operators.requireOperator(request.auth.userId).then(
          () => true,
          () => false,
        );
      return service.article(request.params.kind, request.params.slug, drafts);
    },
  );

  const written = {
    400: ErrorBody,
    ...refusals,
    404: ErrorBody,
    409: ErrorBody.describe('The address or term is taken'),
  };

  app.get(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'One article by its id, for editing (operators)',
        params: IdParams,
        response: { 200: Article, ...refusals, 404: ErrorBody },
      },
    },
    async (request) => {
      await operator(request);
      return service.articleById(request.params.id);
    },
  );
  app.post(
    '/articles',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Write a new article (operators)',
        body: ArticleInput,
        response: { 201: Article, ...written },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.saveArticle(await operator(request), null, request.body)),
  );
  app.put(
    '/articles/:id',
    {
      bodyLimit: 1024 * 1024,
      schema: {
        tags,
        summary: 'Change an article (operators)',
        params: IdParams,
        body: ArticleInput,
        response: { 200: Article, ...written },
      },
    },
    async (request) => service.saveArticle(await operator(request), request.params.id, request.body),
  );
  app.delete(
    '/articles/:id',
    {
      schema: {
        tags,
        summary: 'Delete an article (operators)',
        params: IdParams,
        response: { 204: z.null().describe('Deleted'), ...written },
      },
    },
    async (request, reply) => {
      await service.deleteArticle(await operator(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/faqs',
    {
      schema: { tags, summary: 'Add an FAQ (operators)', body: FaqInput, response: { 201: Faq, ...written } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.saveFaq(await operator(request), null, request.body)),
  );
  app.put(
    '/faqs/:id',
    {
      schema: {
        tags,
        summary: 'Change an FAQ (operators)',
        params: IdParams,
        body: FaqInput,
        response: { 200: Faq, ...written },
      },
    },
    async (request) => service.saveFaq(await operator(request), request.params.id, request.body),
  );
  app.delete(
    '/faqs/:id',
    {
      schema: {
        tags,
        summary: 'Delete an FAQ (operators)',
        params: IdParams,
        response: { 204: z.null().describe('Deleted'), ...written },
      },
    },
    async (request, reply) => {
      await service.deleteFaq(await operator(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/glossary',
    {
      schema: {
        tags,
        summary: 'Add a term (operators)',
        body: GlossaryInput,
        response: { 201: GlossaryTerm, ...written },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.saveTerm(await operator(request), null, request.body)),
  );
  app.put(
    '/glossary/:id',
    {
      schema: {
        tags,
        summary: 'Change a term (operators)',
        params: IdParams,
        body: GlossaryInput,
        response: { 200: GlossaryTerm, ...written },
      },
    },
    async (request) => service.saveTerm(await operator(request), request.params.id, request.body),
  );
  app.delete(
    '/glossary/:id',
    {
      schema: {
        tags,
        summary: 'Delete a term (operators)',
        params: IdParams,
        response: { 204: z.null().describe('Deleted'), ...written },
      },
    },
    async (request, reply) => {
      await service.deleteTerm(await operator(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
