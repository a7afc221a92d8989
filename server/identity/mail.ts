import type { Database } from '../db';
import { queueMail } from '../mail/outbox';
import { resetLinkMinutes, verifyLinkDays } from './accounts';
import { escapeHtml } from './pages';

/** Queues the password reset e-mail in `mail_outbox`; a sender delivers it when mail is configured. */
export async function queueResetMail(db: Database, to: string, link: string): Promise<void> {
  const text = [
    'Hello,',
    '',
    'Someone asked to reset the password of your Spaces account. To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${resetLinkMinutes} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password stays the same.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello,</p>
<p>Someone asked to reset the password of your Spaces account. To choose a new password, use this button:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d5bd6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">Reset password</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and expires in ${resetLinkMinutes} minutes. If you did not ask for this, you can ignore this e-mail: your password stays the same.</p>
</body></html>`;
  await queueMail(db, [{ to, subject: 'Reset your Spaces password', text, html }]);
}

/** Queues the mail confirming a new account's e-mail address, with its single-use link. */
export async function queueVerifyMail(db: Database, to: string, name: string, link: string): Promise<void> {
  const text = [
    `Hello ${name},`,
    '',
    'Welcome to Spaces. To confirm that this is your e-mail address, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${verifyLinkDays} days.`,
    'If you did not create an account, you can ignore this e-mail.',
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escapeHtml(name)},</p>
<p>Welcome to Spaces. To confirm that this is your e-mail address, use this button:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d5bd6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">Confirm e-mail address</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p>The link works once and expires in ${verifyLinkDays} days. If you did not create an account, you can ignore this e-mail.</p>
</body></html>`;
  await queueMail(db, [{ to, subject: 'Confirm your e-mail address for Spaces', text, html }]);
}
