import type { KyInstance } from 'ky';
import type { BlocksAnswer } from '../../contracts/blocks';
import type {
  DirectMessage,
  DirectMessageGroup,
  DirectMessageGroupsAnswer,
  DirectMessagesPage,
} from '../../contracts/directMessages';
import type { VoiceConfig } from '../../contracts/voice';
import { call } from './scenes';

/**
 * Calls for direct messages (contracts/directMessages.ts) and blocks (contracts/blocks.ts). Each throws an `ApiProblem` on failure
 * (its `code` and the server's message saying why).
 */

const groupsPath = 'communicationInteractionService/directMessageGroups';
const blockPath = (userId: string) => `communicationInteractionService/blocks/${encodeURIComponent(userId)}`;
const groupPath = (groupId: string) => `${groupsPath}/${encodeURIComponent(groupId)}`;

export const directMessagesApi = (api: KyInstance) => ({
  groups: (signal?: AbortSignal) =>
    call(() => api.get(groupsPath, { signal }).json<DirectMessageGroupsAnswer>()),
  start: (userIds: string[], signal?: AbortSignal) =>
    call(() => api.post(groupsPath, { json: { userIds }, retry: 0, signal }).json<DirectMessageGroup>()),
  messages: (groupId: string, before: string | null, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`${groupPath(groupId)}/messages`, {
          searchParams: before ? { before } : {},
          signal,
        })
        .json<DirectMessagesPage>(),
    ),
  send: (groupId: string, text: string, clientId: string, signal?: AbortSignal) =>
    call(() =>
      api
        .post(`${groupPath(groupId)}/messages`, { json: { text, clientId }, retry: 0, signal })
        .json<DirectMessage>(),
    ),
  markRead: (groupId: string) =>
    call(() => api.post(`${groupPath(groupId)}/read`, { retry: 0 })).then(() => undefined),
  /** Whom the caller blocked (contracts/blocks.ts). */
  blocks: (signal?: AbortSignal) =>
    call(() => api.get('communicationInteractionService/blocks', { signal }).json<BlocksAnswer>()),
  /** How visitors talk here (contracts/voice.ts): the STUN and TURN servers, and the peers heard at once. */
  voice: (signal?: AbortSignal) =>
    call(() => api.get('communicationInteractionService/voice', { signal }).json<VoiceConfig>()),
  /** Blocks a signed-in user (contracts/blocks.ts), or lifts the block. */
  block: (userId: string, blocked: boolean) =>
    call(() => (blocked ? api.put(blockPath(userId)) : api.delete(blockPath(userId)))).then(() => undefined),
});
