import { HTTPError, type KyInstance } from 'ky';
import type { FieldIssue, UserFull, UserPublic, UserSearchAnswer } from '../../contracts/users';
import { call } from './scenes';

/** A refused or failed form: the server's message and its per-field messages (path like '/website'). */
export interface FormProblem {
  message: string;
  fields: FieldIssue[];
  status?: number;
}

/** Turns an API error answer into `{ message, fields }` for the forms. */
async function formProblem(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => null)) as {
      message?: string;
      details?: unknown;
    } | null;
    const fields = Array.isArray(body?.details) ? (body.details as FieldIssue[]) : [];
    throw {
      message: body?.message ?? error.message,
      fields,
      status: error.response.status,
    } satisfies FormProblem;
  }
  throw { message: error instanceof Error ? error.message : String(error), fields: [] } satisfies FormProblem;
}

const id = (userId: string) => encodeURIComponent(userId);

/**
 * Calls to the user service (platform.md §7.1): profiles, their changes (multipart, with pictures),
 * account deletion and the user search. Forms throw a `FormProblem`, the rest an `ApiProblem`.
 */
export const usersApi = (api: KyInstance) => ({
  /** A user's profile as the caller may see it (the full record for oneself); null when there is none. */
  profile: async (userId: string, signal?: AbortSignal): Promise<UserPublic | UserFull | null> => {
    const res = await api.get(`userService/user/${id(userId)}`, { throwHttpErrors: false, signal });
    if (res.status === 404) return null;
    if (!res.ok)
      throw { message: `The profile could not be loaded (${res.status})`, fields: [] } satisfies FormProblem;
    return res.json<UserPublic | UserFull>();
  },
  /** Changes the caller's record (fields and pictures as a multipart form). */
  save: async (userId: string, form: FormData, signal?: AbortSignal): Promise<UserFull> => {
    try {
      return await api
        .patch(`userService/user/${id(userId)}`, { body: form, retry: 0, signal })
        .json<UserFull>();
    } catch (error) {
      return formProblem(error);
    }
  },
  /** Deletes the caller's account (the password confirms it). */
  remove: async (userId: string, password: string, signal?: AbortSignal): Promise<void> => {
    try {
      await api.delete(`userService/user/${id(userId)}`, { json: { password }, retry: 0, signal });
    } catch (error) {
      return formProblem(error);
    }
  },
  /** Users who let themselves be found, whose name contains `q`. */
  search: (query: { q: string; cp: number; ipp: number }, signal?: AbortSignal) =>
    call(() =>
      api
        .get('userService/users/search', {
          searchParams: { q: query.q.trim(), cp: query.cp, ipp: query.ipp },
          signal,
        })
        .json<UserSearchAnswer>(),
    ),
});
export type UsersApi = ReturnType<typeof usersApi>;
