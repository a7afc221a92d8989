import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { commentMessages, NewReport, ReportAnswer } from '../../../contracts/comments';
import { ErrorBody } from '../../../contracts/errors';
import type { Database } from '../../db';
import { uuidv7 } from '../../db/ids';
import { socialReports } from '../../db/schema';
import { notFound } from '../../errors';
import { type Caller, callerOf } from '../../http/caller';
import type { CommentService } from './commentService';
import { commentedSpace, ensureUserRecord } from './commentService';
import { type SocialRateLimits, socialRateLimits, takeRateLimit } from './limits';

type ReportInput = { sceneId: string; commentId?: string; reason: NewReport['reason']; text: string };

/**
 * Reports of spaces and comments, stored for the operator (who reviews them in the operator area
 * to come). Anyone signed in who can see the thing may report it, once: reporting it again answers
 * the first report.
 */
export class ReportService {
  constructor(
    private readonly db: Database,
    private readonly comments: CommentService,
    private readonly limits: SocialRateLimits = socialRateLimits,
  ) {}

  async report(caller: Caller, input: ReportInput): Promise<ReportAnswer> {
    if (input.commentId) {
      const { row } = await this.comments.find(input.commentId, caller);
      if (row.sceneId !== input.sceneId) throw notFound(commentMessages.noSuchComment);
    } else {
      await commentedSpace(this.db, input.sceneId, caller);
    }
    return this.db.transaction(async (tx) => {
      await ensureUserRecord(tx, caller);
      const same = and(
        eq(socialReports.reporterId, caller.userId),
        eq(socialReports.sceneId, input.sceneId),
        input.commentId ? eq(socialReports.commentId, input.commentId) : isNull(socialReports.commentId),
      );
      const [known] = await tx.select({ id: socialReports.id }).from(socialReports).where(same).limit(1);
      if (known) return { reportId: known.id, created: false };
      await takeRateLimit(tx, caller.userId, 'report', this.limits);
      const [made] = await tx
        .insert(socialReports)
        .values({
          id: uuidv7(),
          reporterId: caller.userId,
          sceneId: input.sceneId,
          commentId: input.commentId ?? null,
          reason: input.reason,
          text: input.text,
        })
        .onConflictDoNothing()
        .returning({ id: socialReports.id });
      if (made) return { reportId: made.id, created: true };
      // A concurrent request of the same caller stored it first.
      const [first] = await tx.select({ id: socialReports.id }).from(socialReports).where(same).limit(1);
      return { reportId: first.id, created: false };
    });
  }
}

export default async function reportRoutes(
  instance: FastifyInstance,
  { reports }: { reports: ReportService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/reports',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['social'],
        summary: 'Report a space or a comment',
        description:
          'Stores a report for the operator: the space (`sceneId`), or one of its comments (`commentId` too), ' +
          'with a reason from the fixed list and an optional text. The caller must be able to see what they ' +
          'report. Reporting the same thing again answers the first report (200, created false).',
        body: NewReport,
        response: {
          201: ReportAnswer.describe('Stored'),
          200: ReportAnswer.describe('Reported already: nothing changed'),
          400: ErrorBody.describe('VALIDATION_FAILED: unknown reason, text too long'),
          401: ErrorBody.describe('Not signed in (or a private space: sign in)'),
          403: ErrorBody.describe('A private or hidden space the caller may not see'),
          404: ErrorBody.describe('No such published space or comment'),
          429: ErrorBody.describe(
            'RATE_LIMITED: too many reports; `details.retryAfterSeconds` says when to try again',
          ),
        },
      },
    },
    async (request, reply) => {
      const answer = await reports.report(callerOf(request), request.body);
      return reply.code(answer.created ? 201 : 200).send(answer);
    },
  );
}
