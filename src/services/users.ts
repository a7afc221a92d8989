import { HTTPError, type KyInstance } from 'ky';
import { fromPromise } from 'xstate';
import type { FieldIssue, UserFull } from '../../contracts/users';
import { type ProfileUser, profileMachine } from '../machines/profileMachine';

/** Turns an API error answer into `{ message, fields }` for the forms. */
async function problemFrom(error: unknown): Promise<never> {
  if (error instanceof HTTPError) {
    const body = (await error.response.json().catch(() => null)) as {
      message?: string;
      details?: unknown;
    } | null;
    const fields = Array.isArray(body?.details) ? (body.details as FieldIssue[]) : [];
    throw { message: body?.message ?? error.message, fields, status: error.response.status };
  }
  throw { message: error instanceof Error ? error.message : String(error), fields: [] };
}

/** The profile page's machine with its API calls. */
export function provideProfile(
  api: KyInstance,
  hooks: { saved: (user: UserFull) => void; saveFailed?: () => void; deleted: () => void },
) {
  return profileMachine.provide({
    actors: {
      fetchUser: fromPromise(async ({ input }: { input: { userId: string } }) => {
        const res = await api.get(`userService/user/${encodeURIComponent(input.userId)}`, {
          throwHttpErrors: false,
        });
        if (res.status === 404) return null;
        if (!res.ok) throw { message: `The profile could not be loaded (${res.status})`, fields: [] };
        return res.json<ProfileUser>();
      }),
      saveUser: fromPromise(async ({ input }: { input: { userId: string; form: FormData } }) => {
        try {
          return await api
            .patch(`userService/user/${encodeURIComponent(input.userId)}`, { body: input.form, retry: 0 })
            .json<UserFull>();
        } catch (error) {
          return problemFrom(error);
        }
      }),
      deleteUser: fromPromise<void, { userId: string; password: string }>(async ({ input }) => {
        try {
          await api.delete(`userService/user/${encodeURIComponent(input.userId)}`, {
            json: { password: input.password },
            retry: 0,
          });
        } catch (error) {
          return problemFrom(error);
        }
      }),
    },
    actions: {
      announceSaved: (_, params: { user: UserFull }) => hooks.saved(params.user),
      announceDeleted: () => hooks.deleted(),
      announceSaveFailed: () => hooks.saveFailed?.(),
    },
  });
}
