import { fromCallback, fromPromise } from 'xstate';
import { invitationCodeParam } from '../../../contracts/districtStyles';
import {
  type DistrictHostEvent,
  type DistrictLoad,
  districtHostMachine,
} from '../../machines/districtHostMachine';
import { followFlow } from './followFlow';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import { publishingApi } from '../../services/publishing';
import type { SessionSnapshot } from '../../machines/sessionMachine';
import { districtsApi } from '../../services/districts';
import type { ApiProblem } from '../../services/scenes';
import type { AppServices } from '../services';

const status = (error: unknown) => (error as ApiProblem | null)?.status;

/** The address of this page with the invitation code (where sign-in comes back to). */
function returnWith(code: string): string {
  const url = new URL(window.location.href);
  url.searchParams.set(invitationCodeParam, code);
  return `${url.pathname}${url.search}`;
}

/**
 * A district host's own flows: its district and following it. Kept apart from the other district
 * flows (the wizard, the Owners' pages), so a visitor's first visit to a district's home loads no
 * form rules.
 */
export default function districtHostFlows({ api, toasts }: AppServices) {
  const districts = districtsApi(api);
  const publishing = publishingApi(api);
  return {
    /** The spaces published in a district's slots (params: { districtId }), newest first. */
    districtSpaces: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { districtId, promoted, cp, ipp } = input as unknown as {
            districtId: string;
            promoted?: boolean;
          } & InfiniteListBody;
          return (
            await publishing.search(
              { districtId, promoted, cp, ipp, sort: 'publishedAt', filter: 'all' },
              signal,
            )
          ).items;
        }),
      },
    }),
    /** The district of this host (input DistrictHostInput; systemId 'district'). */
    districtHost: districtHostMachine.provide({
      actors: {
        // Tells who is signed in once the session knows (not while it checks), and every change.
        sessionWatch: fromCallback<DistrictHostEvent>(({ system, sendBack }) => {
          const session = system.get('session');
          if (!session) return () => {};
          let last: boolean | undefined;
          const tell = (snapshot: SessionSnapshot) => {
            if (!snapshot.matches('signedIn') && !snapshot.matches('signedOut')) return;
            const signedIn = snapshot.matches('signedIn');
            if (signedIn === last) return;
            last = signedIn;
            sendBack({ type: 'session.changed', signedIn });
          };
          tell(session.getSnapshot() as SessionSnapshot);
          const subscription = session.subscribe((s: unknown) => tell(s as SessionSnapshot));
          return () => subscription.unsubscribe();
        }),
        load: fromPromise<DistrictLoad, { subdomain: string }>(async ({ input, signal }) => {
          try {
            return { kind: 'district', district: await districts.bySubdomain(input.subdomain, signal) };
          } catch (error) {
            if (status(error) === 403) return { kind: 'noAccess' };
            if (status(error) === 404) return { kind: 'notFound' };
            throw error;
          }
        }),
        accept: fromPromise(({ input, signal }) => districts.accept(input.code, signal)),
      },
      actions: {
        askSignIn: ({ system }, { invitationCode }) =>
          system.get('session')?.send({ type: 'session.signIn', returnTo: returnWith(invitationCode) }),
        announceJoined: () => toasts({ type: 'toast.show', severity: 'success', message: 'district.joined' }),
        announceInvitation: (_, { error }) => {
          const message = (error as ApiProblem | null)?.message;
          toasts(
            message && status(error)
              ? { type: 'toast.show', severity: 'error', message, literal: true }
              : { type: 'toast.show', severity: 'error', message: 'district.invitationFailed' },
          );
        },
      },
    }),
    /** Follow / Unfollow of a district (input { userId: the district's id }, as a user's follow). */
    districtFollow: followFlow(districts, toasts),
  };
}
