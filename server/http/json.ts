import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * JSON request bodies: UTF-8 text (bytes that are not are refused, never read as replacement
 * characters), then JSON, then no key that would reach an object's prototype once the body is
 * copied or merged (`__proto__`, or `constructor` holding `prototype`). Each refusal says what is
 * wrong, and where.
 */

export const notUtf8Message = 'The body is not UTF-8 text';

/** A text that is not UTF-8: INVALID_ENCODING, naming the field when it is one. */
export function notUtf8(field?: string): AppError {
  if (field === undefined) return new AppError('INVALID_ENCODING', notUtf8Message);
  const message = `The field ${field} is not UTF-8 text`;
  return new AppError('INVALID_ENCODING', message, [{ path: `/${field}`, message: 'Not UTF-8 text' }]);
}

/** `/a/0/b` for a path of keys and indexes (JSON Pointer, escaped). */
const pointer = (path: (string | number)[]) =>
  path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * The path of the first key that must not be accepted, or undefined. JSON.parse makes such keys
 * ordinary own properties, harmless until code copies the object into another one.
 */
export function forbiddenKeyPath(value: unknown): (string | number)[] | undefined {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], path: [...path, i] });
      continue;
    }
    const object = node as Record<string, unknown>;
    if (Object.hasOwn(object, '__proto__')) return [...path, '__proto__'];
    const ctor = Object.hasOwn(object, 'constructor') ? object.constructor : undefined;
    if (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) {
      return [...path, 'constructor', 'prototype'];
    }
    const keys = Object.keys(object);
    for (let i = keys.length - 1; i >= 0; i--) {
      stack.push({ value: object[keys[i]], path: [...path, keys[i]] });
    }
  }
  return undefined;
}

/** Text that may hold a forbidden key: the key itself, or any `\u` escape that could spell it. */
const mayHoldForbiddenKey = (text: string) =>
  text.includes('__proto__') || text.includes('prototype') || text.includes('\\u');

/** A JSON body from its bytes, or the AppError that says why it is refused. */
export function parseJsonBody(bytes: Buffer): unknown {
  if (bytes.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'The body is empty: send a JSON document, or no Content-Type');
  }
  if (!isUtf8(bytes)) throw notUtf8();
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('VALIDATION_FAILED', `The body is not valid JSON: ${reason}`);
  }
  const forbidden = mayHoldForbiddenKey(text) ? forbiddenKeyPath(value) : undefined;
  if (forbidden) {
    const keyLength = forbidden[forbidden.length - 1] === 'prototype' ? 2 : 1;
    const key = forbidden.slice(-keyLength).join('.');
    const holder = forbidden.slice(0, -keyLength);
    const where = holder.length > 0 ? ` (in ${pointer(holder)})` : '';
    throw new AppError('VALIDATION_FAILED', `The key "${key}" is not accepted${where}`, [
      { path: pointer(forbidden), message: 'This key is not accepted' },
    ]);
  }
  return value;
}

/**
 * Replaces Fastify's JSON parser on `app` (and the plugins registered after it): bodies are read
 * as bytes and checked by `parseJsonBody`.
 */
export function installJsonBodyParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (_request: FastifyRequest, body: Buffer, done: (error: Error | null, value?: unknown) => void) => {
      try {
        done(null, parseJsonBody(body));
      } catch (error) {
        done(error as Error);
      }
    },
  );
}
