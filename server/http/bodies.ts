import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A route's validator compiler when its handler reads and validates the body itself (multipart
 * forms, content saves: one error detail per field): the body schema only documents it. Every
 * other part of the request is validated as usual.
 */
export const handlerReadsBody = (route: FastifyRouteSchemaDef<unknown>) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);

/** onError of a route whose body may be refused before it is read: close the connection rather than read the rest. */
export async function closeUnreadBody(request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.complete) reply.header('connection', 'close');
}
