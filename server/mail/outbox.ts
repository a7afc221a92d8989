import type { Database } from '../db';
import { uuidv7 } from '../db/ids';
import { mailOutbox } from '../db/schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Queues mail in the outbox; the sender (server/mail/sender.ts) delivers it. Answers the ids. */
export async function queueMail(
  db: Pick<Database, 'insert'>,
  mails: readonly OutgoingMail[],
): Promise<string[]> {
  const rows = mails.map((mail) => ({ id: uuidv7(), ...mail, html: mail.html ?? null }));
  if (rows.length) await db.insert(mailOutbox).values(rows);
  return rows.map((row) => row.id);
}
