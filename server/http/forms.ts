import type { z } from 'zod';
import type { FieldIssue } from '../../contracts/users';
import { AppError } from '../errors';
import { notUtf8 } from './json';

/** VALIDATION_FAILED with one detail per invalid field; the message lists them. */
export function validationFailed(issues: FieldIssue[]): AppError {
  const text = issues.map((i) => `${i.path.replace(/^\//, '') || 'body'}: ${i.message}`).join('; ');
  return new AppError('VALIDATION_FAILED', issues.length === 1 ? issues[0].message : text, issues);
}

/** zod issues as field issues ('/socialMedia/0/url'); unknown fields one by one. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) => {
    const at = issue.path.map(String);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: `/${[...at, key].join('/')}`, message: 'Unknown field' }));
    }
    return [{ path: `/${at.join('/')}`, message: issue.message }];
  });
}

/**
 * A multipart field's value, unchanged. busboy decodes a field's bytes as UTF-8 and turns bytes that are
 * not into U+FFFD, which would then be stored as if typed: a value holding U+FFFD is refused
 * (INVALID_ENCODING) instead, as a JSON body that is not UTF-8 is. (U+FFFD is the mark of text
 * that could not be read; nobody types it.)
 */
export function formValue<T>(name: string, value: T): T {
  if (typeof value === 'string' && value.includes('\uFFFD')) throw notUtf8(name);
  return value;
}
