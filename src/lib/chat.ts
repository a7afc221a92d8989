import type { ChatMessage } from '../../contracts/live';

/** The chat's constants (platform.md §4, §9). */
export const chatRules = {
  /** A message joins the previous group when it has the same sender and came at most this later. */
  groupGapMs: 10 * 60 * 1000,
  /** Scrolled up at least this far from the bottom, new messages no longer scroll the list. */
  scrollThresholdPx: 80,
  /** Scroll reports are debounced this long. */
  scrollDebounceMs: 100,
  /** Messages a chat keeps (the oldest go first). */
  kept: 200,
  /** Messages written while the connection is away, kept to send when it is back. */
  outboxMax: 20,
  /** A message whose sending failed for want of a connection is tried again after this. */
  retryMs: 3000,
} as const;

/** What grouping needs of a message (the public chat's, or a direct message). */
type Groupable = Pick<ChatMessage, 'id' | 'time' | 'user'>;

export interface ChatGroup<T extends Groupable = ChatMessage> {
  key: string;
  user: ChatMessage['user'];
  /** The reader's own messages on the right, everyone else's on the left. */
  alignment: 'left' | 'right';
  messages: T[];
}

/** Messages grouped by sender: one group per run of one sender's messages at most 10 minutes apart. */
export function groupMessages<T extends Groupable>(
  messages: readonly T[],
  myUserId: string | null,
): ChatGroup<T>[] {
  const groups: ChatGroup<T>[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    const previous = last?.messages.at(-1);
    if (
      last &&
      previous &&
      last.user.id === message.user.id &&
      Date.parse(message.time) - Date.parse(previous.time) <= chatRules.groupGapMs
    ) {
      last.messages.push(message);
      continue;
    }
    groups.push({
      key: message.id,
      user: message.user,
      alignment: message.user.id === myUserId ? 'right' : 'left',
      messages: [message],
    });
  }
  return groups;
}

/** A prefix for one page's chat message ids: random, so that no two pages' ids meet. */
export function newChatIdPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}-`;
}
