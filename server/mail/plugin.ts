import fp from 'fastify-plugin';
import { MailSender, mailPollMs } from './sender';

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender;
  }
}

/**
 * The mail sender (server/mail/sender.ts): delivers the outbox every few seconds while the server
 * runs. `mail.pollMs: 0` (tests) leaves delivery to explicit `deliverDue()` calls.
 */
export default fp(
  async (app, options: { pollMs?: number; retryDelaysMs?: readonly number[] }) => {
    const { config } = app;
    const sender = new MailSender({
      db: app.db,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM ?? `Spaces <no-reply@${config.BASE_DOMAIN}>`,
      mailDir: config.MAIL_DIR,
      log: app.log,
      retryDelaysMs: options.retryDelaysMs,
    });
    app.decorate('mailSender', sender);
    const pollMs = options.pollMs ?? mailPollMs;
    let timer: NodeJS.Timeout | undefined;
    if (pollMs > 0) {
      const tick = () => {
        sender
          .deliverDue()
          .catch((error: unknown) => app.log.warn({ err: error }, 'mail delivery run failed'))
          .finally(() => {
            timer = setTimeout(tick, pollMs).unref();
          });
      };
      app.addHook('onReady', async () => {
        timer = setTimeout(tick, pollMs).unref();
      });
    }
    app.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
      sender.close();
    });
  },
  { name: 'mail', dependencies: ['db'] },
);
