import { type ActorRefFrom, and, assign, fromPromise, setup } from 'xstate';
import {
  type Comment,
  CommentChange,
  type CommentPage,
  commentsPageSize,
  type ReportReason,
} from '../../contracts/comments';

/** Why a request of the thread failed, as the view shows it. */
export interface CommentsProblem {
  message: string;
  code?: string;
  /** RATE_LIMITED: seconds until the user may try again. */
  retryAfterSeconds?: number;
}

export interface CommentsInput {
  sceneId: string;
  /** The space's owner: hides comments and deletes any. */
  ownerId: string;
  /** The signed-in user, or null. */
  userId: string | null;
  ipp?: number;
}

export interface CommentsContext extends Required<CommentsInput> {
  comments: Comment[];
  /** Threads (top-level comments) there are. */
  total: number;
  /** Comments visitors see, replies included. */
  commentCount: number;
  commentsEnabled: boolean;
  /** The page loaded last (-1 before the first). */
  cp: number;
  /** The comment being answered, edited, deleted or reported (a report of the space: null). */
  target: string | null;
  problem: CommentsProblem | null;
  /** A report was sent: the view thanks the user. */
  reported: boolean;
  /** The comment the user posted last (the view empties its field when it changes). */
  lastPosted: string | null;
}

export type CommentsEvent =
  | { type: 'comments.retry' }
  | { type: 'comments.loadMore' }
  | { type: 'comments.post'; body: string }
  | { type: 'comments.reply'; commentId: string }
  | { type: 'comments.edit'; commentId: string }
  | { type: 'comments.save'; body: string }
  | { type: 'comments.delete'; commentId: string }
  | { type: 'comments.confirm' }
  | { type: 'comments.report'; commentId: string | null }
  | { type: 'comments.sendReport'; reason: ReportReason; text: string }
  | { type: 'comments.hide'; commentId: string }
  | { type: 'comments.unhide'; commentId: string }
  | { type: 'comments.cancel' }
  | { type: 'comments.dismiss' };

export interface PostInput {
  sceneId: string;
  body: string;
  parentCommentId: string | null;
}

/** Every comment of the thread, replies included. */
const everyComment = (comments: Comment[]) => comments.flatMap((c) => [c, ...c.childComments]);
const findComment = (context: CommentsContext, commentId: string | null) =>
  everyComment(context.comments).find((c) => c.commentId === commentId);

/** The list with `changed` put in place of the comment (or reply) of the same id. */
function replaced(comments: Comment[], changed: Comment): Comment[] {
  return comments.map((c) =>
    c.commentId === changed.commentId
      ? { ...changed, childComments: c.childComments, replyCount: c.replyCount }
      : {
          ...c,
          childComments: c.childComments.map((r) =>
            r.commentId === changed.commentId ? { ...r, ...changed, childComments: undefined } : r,
          ),
        },
  ) as Comment[];
}

/**
 * The count visitors see after the owner hid or showed a comment: a hidden comment (and a hidden
 * thread's shown replies) leaves it, one shown again comes back.
 */
function countAfterHiding(context: CommentsContext, changed: Comment): number {
  const before = findComment(context, changed.commentId);
  if (!before || before.hidden === changed.hidden) return context.commentCount;
  const thread = context.comments.find((c) => c.commentId === changed.commentId);
  const moved = 1 + (thread ? thread.childComments.filter((r) => !r.hidden).length : 0);
  return Math.max(0, context.commentCount + (changed.hidden ? -moved : moved));
}

const problemOf = (error: unknown): CommentsProblem => {
  const e = error as { message?: unknown; code?: unknown; details?: { retryAfterSeconds?: unknown } } | null;
  const retry = e?.details?.retryAfterSeconds;
  return {
    message: typeof e?.message === 'string' ? e.message : String(error),
    ...(typeof e?.code === 'string' ? { code: e.code } : {}),
    ...(typeof retry === 'number' ? { retryAfterSeconds: retry } : {}),
  };
};

/**
 * A published space's comment thread in the viewer's Space info (platform.md §2.7): threads newest
 * first with their replies, more on demand; the signed-in user comments and replies (one level),
 * edits and deletes their own (delete asks first), reports a comment or the space; the space's
 * owner also deletes any comment and hides or shows comments. What the user may do is asked of
 * the snapshot (`can`), so the view offers only that. The body is checked with the contract's own
 * rule (CommentChange). Failures are kept in `problem` (e.g. RATE_LIMITED with when to try again).
 */
export const commentsMachine = setup({
  types: {
    context: {} as CommentsContext,
    input: {} as CommentsInput,
    events: {} as CommentsEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    fetchPage: fromPromise<CommentPage, { sceneId: string; cp: number; ipp: number }>(async () => {
      throw new Error('commentsMachine: provide a fetchPage actor');
    }),
    postComment: fromPromise<Comment, PostInput>(async () => {
      throw new Error('commentsMachine: provide a postComment actor');
    }),
    editComment: fromPromise<Comment, { commentId: string; body: string }>(async () => {
      throw new Error('commentsMachine: provide an editComment actor');
    }),
    deleteComment: fromPromise<void, { commentId: string }>(async () => {
      throw new Error('commentsMachine: provide a deleteComment actor');
    }),
    setHidden: fromPromise<Comment, { commentId: string; hidden: boolean }>(async () => {
      throw new Error('commentsMachine: provide a setHidden actor');
    }),
    sendReport: fromPromise<
      unknown,
      { sceneId: string; commentId: string | null; reason: ReportReason; text: string }
    >(async () => {
      throw new Error('commentsMachine: provide a sendReport actor');
    }),
  },
  guards: {
    mayComment: ({ context }) => context.userId !== null && context.commentsEnabled,
    validBody: ({ event }) => 'body' in event && CommentChange.shape.body.safeParse(event.body).success,
    hasMore: ({ context }) => context.comments.length < context.total,
    signedIn: ({ context }) => context.userId !== null,
    isAuthor: ({ context, event }) =>
      'commentId' in event && findComment(context, event.commentId)?.user.userId === context.userId,
    mayDelete: ({ context, event }) => {
      if (!('commentId' in event) || context.userId === null) return false;
      const comment = findComment(context, event.commentId);
      return (
        comment !== undefined &&
        (comment.user.userId === context.userId || context.ownerId === context.userId)
      );
    },
    mayHide: ({ context, event }) =>
      'commentId' in event &&
      context.userId !== null &&
      context.ownerId === context.userId &&
      findComment(context, event.commentId)?.hidden === false,
    mayUnhide: ({ context, event }) =>
      'commentId' in event &&
      context.userId !== null &&
      context.ownerId === context.userId &&
      findComment(context, event.commentId)?.hidden === true &&
      !findComment(context, event.commentId)?.hiddenByOperator,
    // Anyone signed in reports what others made: the space (not their own), a comment (not theirs).
    mayReport: ({ context, event }) => {
      if (context.userId === null || !('commentId' in event)) return false;
      if (event.commentId === null) return context.ownerId !== context.userId;
      const comment = findComment(context, event.commentId);
      return comment !== undefined && comment.user.userId !== context.userId;
    },
    wasReplying: ({ context }) => context.target !== null,
  },
  actions: {
    takePage: assign(({ context, event }) => {
      const page = (event as unknown as { output: CommentPage }).output;
      const known = new Set(context.comments.map((c) => c.commentId));
      return {
        comments: [...context.comments, ...page.items.filter((c) => !known.has(c.commentId))],
        total: page.total,
        commentCount: page.commentCount,
        commentsEnabled: page.commentsEnabled,
        cp: page.cp,
      };
    }),
    keepProblem: assign({ problem: ({ event }) => problemOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'comments',
  context: ({ input }) => ({
    sceneId: input.sceneId,
    ownerId: input.ownerId,
    userId: input.userId,
    ipp: input.ipp ?? commentsPageSize,
    comments: [],
    total: 0,
    commentCount: 0,
    commentsEnabled: true,
    cp: -1,
    target: null,
    problem: null,
    reported: false,
    lastPosted: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        input: ({ context }) => ({ sceneId: context.sceneId, cp: 0, ipp: context.ipp }),
        onDone: { target: 'ready', actions: 'takePage' },
        onError: { target: 'failed', actions: 'keepProblem' },
      },
    },
    failed: {
      on: { 'comments.retry': { target: 'loading', actions: assign({ problem: null }) } },
    },
    ready: {
      initial: 'idle',
      on: { 'comments.dismiss': { actions: assign({ problem: null, reported: false }) } },
      states: {
        idle: {
          entry: assign({ target: null }),
          on: {
            'comments.loadMore': { guard: 'hasMore', target: 'loadingMore' },
            'comments.post': { guard: and(['mayComment', 'validBody']), target: 'posting' },
            'comments.reply': {
              guard: 'mayComment',
              target: 'replying',
              actions: assign({ target: ({ event }) => event.commentId }),
            },
            'comments.edit': {
              guard: 'isAuthor',
              target: 'editing',
              actions: assign({ target: ({ event }) => event.commentId }),
            },
            'comments.delete': {
              guard: 'mayDelete',
              target: 'confirmingDelete',
              actions: assign({ target: ({ event }) => event.commentId }),
            },
            'comments.report': {
              guard: 'mayReport',
              target: 'reportDialog',
              actions: assign({ target: ({ event }) => event.commentId, reported: false }),
            },
            'comments.hide': {
              guard: 'mayHide',
              target: 'hiding',
              actions: assign({ target: ({ event }) => event.commentId }),
            },
            'comments.unhide': {
              guard: 'mayUnhide',
              target: 'unhiding',
              actions: assign({ target: ({ event }) => event.commentId }),
            },
          },
        },
        loadingMore: {
          tags: 'busy',
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ sceneId: context.sceneId, cp: context.cp + 1, ipp: context.ipp }),
            onDone: { target: 'idle', actions: 'takePage' },
            onError: { target: 'idle', actions: 'keepProblem' },
          },
        },
        replying: {
          on: {
            'comments.post': { guard: and(['mayComment', 'validBody']), target: 'posting' },
            'comments.cancel': 'idle',
          },
        },
        posting: {
          tags: 'busy',
          invoke: {
            id: 'postComment',
            src: 'postComment',
            input: ({ context, event }) => ({
              sceneId: context.sceneId,
              body: (event as { body: string }).body,
              parentCommentId: context.target,
            }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => {
                const posted = event.output;
                const parent = posted.parentCommentId;
                if (!parent)
                  return {
                    comments: [{ ...posted, childComments: [], replyCount: 0 }, ...context.comments],
                    total: context.total + 1,
                    commentCount: context.commentCount + 1,
                    problem: null,
                    lastPosted: posted.commentId,
                  };
                return {
                  comments: context.comments.map((c) =>
                    c.commentId === parent
                      ? { ...c, childComments: [...c.childComments, posted], replyCount: c.replyCount + 1 }
                      : c,
                  ),
                  commentCount: context.commentCount + 1,
                  problem: null,
                  lastPosted: posted.commentId,
                };
              }),
            },
            onError: [
              { guard: 'wasReplying', target: 'replying', actions: 'keepProblem' },
              { target: 'idle', actions: 'keepProblem' },
            ],
          },
        },
        editing: {
          on: {
            'comments.save': { guard: 'validBody', target: 'saving' },
            'comments.cancel': 'idle',
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            id: 'editComment',
            src: 'editComment',
            input: ({ context, event }) => ({
              commentId: context.target!,
              body: (event as { body: string }).body,
            }),
            onDone: {
              target: 'idle',
              actions: assign({
                comments: ({ context, event }) => replaced(context.comments, event.output),
                problem: null,
              }),
            },
            onError: { target: 'editing', actions: 'keepProblem' },
          },
        },
        confirmingDelete: {
          on: { 'comments.confirm': 'deleting', 'comments.cancel': 'idle' },
        },
        deleting: {
          tags: 'busy',
          invoke: {
            id: 'deleteComment',
            src: 'deleteComment',
            input: ({ context }) => ({ commentId: context.target! }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => {
                const gone = context.target;
                const thread = context.comments.find((c) => c.commentId === gone);
                if (thread)
                  return {
                    comments: context.comments.filter((c) => c !== thread),
                    total: context.total - 1,
                    commentCount: Math.max(0, context.commentCount - 1 - thread.childComments.length),
                    problem: null,
                  };
                return {
                  comments: context.comments.map((c) =>
                    c.childComments.some((r) => r.commentId === gone)
                      ? {
                          ...c,
                          childComments: c.childComments.filter((r) => r.commentId !== gone),
                          replyCount: c.replyCount - 1,
                        }
                      : c,
                  ),
                  commentCount: Math.max(0, context.commentCount - 1),
                  problem: null,
                };
              }),
            },
            onError: { target: 'idle', actions: 'keepProblem' },
          },
        },
        reportDialog: {
          on: { 'comments.sendReport': 'reporting', 'comments.cancel': 'idle' },
        },
        reporting: {
          tags: 'busy',
          invoke: {
            id: 'sendReport',
            src: 'sendReport',
            input: ({ context, event }) => {
              const { reason, text } = event as { reason: ReportReason; text: string };
              return { sceneId: context.sceneId, commentId: context.target, reason, text };
            },
            onDone: { target: 'idle', actions: assign({ reported: true, problem: null }) },
            onError: { target: 'reportDialog', actions: 'keepProblem' },
          },
        },
        hiding: {
          tags: 'busy',
          invoke: {
            id: 'setHidden',
            src: 'setHidden',
            input: ({ context }) => ({ commentId: context.target!, hidden: true }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                comments: replaced(context.comments, event.output),
                commentCount: countAfterHiding(context, event.output),
              })),
            },
            onError: { target: 'idle', actions: 'keepProblem' },
          },
        },
        unhiding: {
          tags: 'busy',
          invoke: {
            id: 'setHidden',
            src: 'setHidden',
            input: ({ context }) => ({ commentId: context.target!, hidden: false }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                comments: replaced(context.comments, event.output),
                commentCount: countAfterHiding(context, event.output),
              })),
            },
            onError: { target: 'idle', actions: 'keepProblem' },
          },
        },
      },
    },
  },
});

export type CommentsActorRef = ActorRefFrom<typeof commentsMachine>;
