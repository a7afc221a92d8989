import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { scenes } from '../../db/schema';
import { AppError } from '../../errors';
import { type CommentCreatedEvent, CommentService } from './commentService';
import commentRoutes from './comments';
import districtFollowRoutes from './districtFollows';
import favouriteRoutes from './favourites';
import followRoutes from './followRoutes';
import historyRoutes from './history';
import likeRoutes from './likes';
import type { RateLimitDetails, SocialRateLimits } from './limits';
import notificationRoutes from './notificationRoutes';
import { SpaceReactionsService } from './reactions';
import reportRoutes, { ReportService } from './reports';

export type { CommentCreatedEvent };

export interface SocialServiceOptions {
  /** Replaces the rate limits of limits.ts (tests). */
  rateLimits?: SocialRateLimits;
  /**
   * Told of every new comment and reply, after it is stored; by default the space's owner and
   * the author answered are notified (`app.notifications`).
   */
  onCommentCreated?: (event: CommentCreatedEvent) => void | Promise<void>;
}

/**
 * The social service (platform.md §7.5), registered under /api/socialService: likes, favourites
 * and history, comments on published spaces, reports for the operator, follows and notifications
 * (each area in its own file), and the per-user rate limits (limits.ts) its actions share.
 */
export default async function socialService(app: FastifyInstance, options: SocialServiceOptions) {
  const comments = new CommentService({
    db: app.db,
    limits: options.rateLimits,
    onCommentCreated: options.onCommentCreated ?? ((event) => notifyOfComment(app, event)),
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

  const reactions = new SpaceReactionsService(app.db, options.rateLimits);
  await app.register(likeRoutes, { reactions });
  await app.register(favouriteRoutes, { reactions });
  await app.register(historyRoutes, { reactions });
  await app.register(commentRoutes, { comments });
  await app.register(reportRoutes, { reports });
  await app.register(followRoutes);
  await app.register(districtFollowRoutes);
  await app.register(notificationRoutes);
}

/** A new comment tells the space's owner; a reply also tells the author of the comment answered. */
async function notifyOfComment(app: FastifyInstance, event: CommentCreatedEvent) {
  if (!app.hasDecorator('notifications')) return;
  const [scene] = await app.db
    .select({ title: scenes.title })
    .from(scenes)
    .where(eq(scenes.id, event.sceneId));
  const data = {
    actorId: event.authorId,
    link: `/viewer/${encodeURIComponent(event.sceneId)}`,
    params: { spaceTitle: scene?.title ?? '' },
  };
  await app.notifications.notify(event.sceneOwnerId, 'comment', data);
  if (event.parentAuthorId && event.parentAuthorId !== event.sceneOwnerId) {
    await app.notifications.notify(event.parentAuthorId, 'reply', data);
  }
}
