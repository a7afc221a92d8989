import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import type { ChatMessage } from '../../../contracts/live';
import { liveDefaults } from '../../../contracts/live';
import type { Executor } from '../../db';
import { liveChatMessages } from '../../db/schema';

/**
 * The public chat of the last minutes (`liveDefaults.chatHistoryMs`), per space and instance, in
 * the database: every process reads it, and it outlives a restart, so that a visitor who joins or
 * comes back reads what was said meanwhile. The Event chat of a scheduled event is kept the same
 * way, as the room `eventRoom(eventId)` of its space.
 */

/** Where an event's chat is kept: a room of its space beside the instances. */
export const eventRoom = (eventId: string) => `event:${eventId}`;

/** Whether a message with this id was taken already (a client sending it again). */
export async function wasKept(db: Executor, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: liveChatMessages.id })
    .from(liveChatMessages)
    .where(eq(liveChatMessages.id, id))
    .limit(1);
  return row !== undefined;
}

/**
 * Keeps a message in its instance's room (or an event's); false when one with its id was kept
 * already (it is not sent again).
 */
export async function keepMessage(
  db: Executor,
  message: ChatMessage,
  room = message.eventId ? eventRoom(message.eventId) : message.instanceId,
): Promise<boolean> {
  const rows = await db
    .insert(liveChatMessages)
    .values({
      id: message.id,
      sceneId: message.sceneId,
      instanceId: room,
      message,
      createdAt: message.time,
    })
    .onConflictDoNothing()
    .returning({ id: liveChatMessages.id });
  return rows.length > 0;
}

/** The room's messages of the last minutes, oldest first (at most `chatHistoryCount`). */
export async function recentMessages(
  db: Executor,
  sceneId: string,
  /** An instance's id, or `eventRoom(eventId)`. */
  instanceId: string,
  now = Date.now(),
): Promise<ChatMessage[]> {
  const rows = await db
    .select({ message: liveChatMessages.message })
    .from(liveChatMessages)
    .where(
      and(
        eq(liveChatMessages.sceneId, sceneId),
        eq(liveChatMessages.instanceId, instanceId),
        gt(liveChatMessages.createdAt, new Date(now - liveDefaults.chatHistoryMs).toISOString()),
      ),
    )
    .orderBy(desc(liveChatMessages.createdAt), asc(liveChatMessages.id))
    .limit(liveDefaults.chatHistoryCount);
  return rows.map((r) => r.message).reverse();
}

/** Forgets the messages older than the history keeps. */
export async function forgetOldMessages(db: Executor, now = Date.now()) {
  await db
    .delete(liveChatMessages)
    .where(lt(liveChatMessages.createdAt, new Date(now - liveDefaults.chatHistoryMs).toISOString()));
}
