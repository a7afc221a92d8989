import type { LiveVisitContext } from './liveVisitMachine';

/** What a visitor may do from the creator's dropdown in the viewer, besides viewing the profile. */
export type CreatorAction = 'greet' | 'chat' | 'invite' | 'mute' | 'unmute';

export interface CreatorMenuState {
  signedIn: boolean;
  /** The visitor is the creator. */
  isMe: boolean;
  /** The viewer is embedded in another site (it shows no communications). */
  embed: boolean;
  /**
   * How the visitor ignores the creator while present in the space (`live.ignore`): null when
   * they do not, undefined when the visitor is not present (no live visit runs).
   */
  ignored: LiveVisitContext['ignored'][string] | null | undefined;
}

/**
 * The creator dropdown's actions (platform.md §2.7 'greet/chat/invite/mute a creator'): a
 * signed-in visitor who is not the creator greets them, chats with them or invites them (each a
 * direct message), outside an embed; while present in the space, any visitor mutes or unmutes the
 * creator for themselves, unless they blocked them (unblocked from the "Who is here" list).
 */
export function creatorActions({ signedIn, isMe, embed, ignored }: CreatorMenuState): CreatorAction[] {
  const actions: CreatorAction[] = [];
  if (isMe) return actions;
  if (signedIn && !embed) actions.push('greet', 'chat', 'invite');
  if (ignored !== undefined && ignored !== 'block') actions.push(ignored === 'mute' ? 'unmute' : 'mute');
  return actions;
}
