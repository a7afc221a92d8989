import type { KyInstance } from 'ky';
import type { Party, PartyAnswer, PartyInvitation } from '../../contracts/parties';
import type { PartyChange } from '../machines/partyMachine';
import { call } from './scenes';

/**
 * Calls for parties (contracts/parties.ts). Each throws an `ApiProblem` on failure (its `code` and
 * the server's message saying why).
 */

const base = 'communicationInteractionService';
const mine = `${base}/parties/mine`;
const id = encodeURIComponent;

export const partiesApi = (api: KyInstance) => ({
  mine: (signal?: AbortSignal) => call(() => api.get(mine, { signal }).json<PartyAnswer>()),
  /** Makes one change to the caller's party. */
  apply: (change: PartyChange, signal?: AbortSignal): Promise<unknown> => {
    const options = { retry: 0, signal };
    switch (change.kind) {
      case 'create':
        return call(() => api.post(`${base}/parties`, options).json<Party>());
      case 'invite':
        return call(() =>
          api
            .post(`${mine}/invitations`, { ...options, json: { userId: change.userId } })
            .json<PartyInvitation>(),
        );
      case 'cancel':
        return call(() => api.delete(`${mine}/invitations/${id(change.invitationId)}`, options));
      case 'accept':
        return call(() =>
          api.post(`${base}/partyInvitations/${id(change.invitationId)}/accept`, options).json<Party>(),
        );
      case 'decline':
        return call(() => api.post(`${base}/partyInvitations/${id(change.invitationId)}/decline`, options));
      case 'leave':
        return call(() => api.post(`${mine}/leave`, options));
      case 'remove':
        return call(() => api.delete(`${mine}/members/${id(change.userId)}`, options));
    }
  },
});
