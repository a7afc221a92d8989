import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { type CommentCreatedEvent, CommentService } from './commentService';
import commentRoutes from './comments';
import type { RateLimitDetails, SocialRateLimits } from './limits';
import reportRoutes, { ReportService } from './reports';

export type { CommentCreatedEvent };

export interface SocialServiceOptions {
  /** Replaces the rate limits of limits.ts (tests). */
  rateLimits?: SocialRateLimits;
  /** Told of every new comment and reply, after it is stored (the notification service listens). */
  onCommentCreated?: (event: CommentCreatedEvent) => void | Promise<void>;
}

/**
 * The social service (platform.md §7.5), registered under /api/socialService: comments on published
 * spaces, reports for the operator, and the per-user rate limits (limits.ts) its actions share.
 */
export default async function socialService(app: FastifyInstance, options: SocialServiceOptions) {
  const comments = new CommentService({
    db: app.db,
    limits: options.rateLimits,
    onCommentCreated: options.onCommentCreated,
    log: app.log,
  });
  const reports = new ReportService(app.db, comments, options.rateLimits);

  // A rate-limited answer says when to try again in the standard header too.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      const details = error.details as RateLimitDetails | undefined;
      if (details?.retryAfterSeconds) reply.header('retry-after', String(details.retryAfterSeconds));
    }
  });

  await app.register(commentRoutes, { comments });
  await app.register(reportRoutes, { reports });
}
