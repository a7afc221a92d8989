import { fromPromise } from 'xstate';
import { type ProfileUser, profileMachine } from '../../machines/profileMachine';
import { usersApi } from '../../services/users';
import { signedInUser } from '../relays';
import type { AppServices } from '../services';

/** A user's profile page (and the settings that edit the signed-in user's record). */
export default function profileFlows({ api, toasts }: AppServices) {
  const users = usersApi(api);
  return {
    profile: profileMachine.provide({
      actors: {
        fetchUser: fromPromise<ProfileUser | null, { userId: string }>(({ input, signal }) =>
          users.profile(input.userId, signal),
        ),
        saveUser: fromPromise(({ input, signal }) => users.save(input.userId, input.form, signal)),
        deleteUser: fromPromise(({ input, signal }) => users.remove(input.userId, input.password, signal)),
      },
      actions: {
        announceSaved: ({ context, system }, { user }) => {
          if (signedInUser(system)?.userId === user.userId)
            system.get('session')?.send({ type: 'session.profileUpdated', profile: user });
          toasts({ type: 'toast.show', severity: 'success', message: context.messages.saved });
        },
        announceSaveFailed: ({ context }) => {
          if (context.messages.failed)
            toasts({ type: 'toast.show', severity: 'error', message: context.messages.failed });
        },
        announceDeleted: ({ system }) => system.get('session')?.send({ type: 'session.signOut' }),
      },
    }),
  };
}
