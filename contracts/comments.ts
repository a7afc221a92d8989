import { z } from 'zod';

/**
 * Comments on published spaces and reports of spaces and comments (platform.md §2.7, §3 'Comment',
 * §7.5 Social service), under /api/socialService.
 *
 * - Threads are one level deep: a reply to a reply is attached to the top-level comment of its
 *   thread (its `parentCommentId` is that comment's), so every visible comment can be answered.
 * - A space's list is paged over its top-level comments, newest first; each carries its replies
 *   (`childComments`), oldest first, as a conversation reads.
 * - The body is plain text (never rendered as HTML), trimmed, 1 to commentBodyMax characters.
 */

/** Longest comment body, in characters (after trimming). */
export const commentBodyMax = 2000;
/** Longest optional explanation of a report, in characters. */
export const reportTextMax = 1000;
/** Replies shown under one comment (the oldest ones); `replyCount` tells how many there are. */
export const commentRepliesShown = 100;
/** Comments per page when the client does not say. */
export const commentsPageSize = 10;

/** Why something is reported: a fixed list the operator sorts by. */
export const reportReasons = [
  'spam',
  'harassment',
  'hate',
  'violence',
  'sexual',
  'copyright',
  'other',
] as const;
export const ReportReason = z.enum(reportReasons);
export type ReportReason = z.infer<typeof ReportReason>;

/** Codes of the social service's refusals (the `code` of ErrorBody). */
export const commentMessages = {
  commentsOff: 'Comments are turned off for this space',
  notPublished: 'This space is not published',
  onlyAuthorEdits: 'Only the author of a comment can edit it',
  onlyAuthorOrOwnerDeletes: "Only the comment's author or the space's owner can delete it",
  onlyOwnerHides: "Only the space's owner can hide or show comments",
  hiddenByOperator: 'An operator hid this comment after a report; it cannot be shown again',
  noSuchComment: 'No such comment',
  bodyRequired: 'Write something first',
  bodyTooLong: `A comment is at most ${commentBodyMax} characters`,
} as const;

const CommentBody = z
  .string()
  .trim()
  .min(1, commentMessages.bodyRequired)
  .max(commentBodyMax, commentMessages.bodyTooLong)
  .describe(`Plain text, trimmed, 1 to ${commentBodyMax} characters`);

export const CommentUser = z
  .object({
    userId: z.string(),
    name: z.string(),
    username: z.string().nullable(),
    profilePicture: z.string().nullable(),
  })
  .meta({ id: 'CommentUser' });
export type CommentUser = z.infer<typeof CommentUser>;

const commentFields = {
  commentId: z.string(),
  sceneId: z.string(),
  parentCommentId: z
    .string()
    .nullable()
    .describe('The top-level comment this one answers; null for a thread'),
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The author changed the body after posting ('edited' marker). */
  edited: z.boolean(),
  /** Hidden by the space's owner or an operator: only the owner receives hidden comments. */
  hidden: z.boolean(),
  /** Hidden by an operator after a report: the owner cannot show it again. */
  hiddenByOperator: z.boolean(),
  user: CommentUser,
};

export const Reply = z.object(commentFields).meta({ id: 'CommentReply' });
export type Reply = z.infer<typeof Reply>;

export const Comment = z
  .object({
    ...commentFields,
    /** Replies, oldest first (at most commentRepliesShown). Empty for a reply. */
    childComments: z.array(Reply),
    /** How many replies the comment has (as the caller may see them). */
    replyCount: z.number().int(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof Comment>;

export const CommentPage = z
  .object({
    items: z.array(Comment),
    cp: z.number().int(),
    ipp: z.number().int(),
    /** Top-level comments the caller may see. */
    total: z.number().int(),
    /** Every comment visitors see (replies included): the count cards show. */
    commentCount: z.number().int(),
    /** False when the space's publish form turned comments off (existing ones stay readable). */
    commentsEnabled: z.boolean(),
  })
  .meta({ id: 'CommentPage' });
export type CommentPage = z.infer<typeof CommentPage>;

export const CommentsQuery = z.object({
  cp: z.coerce.number().int().min(0).max(10_000).default(0).describe('Page, from 0'),
  ipp: z.coerce.number().int().min(1).max(50).default(commentsPageSize).describe('Threads per page'),
});
export type CommentsQuery = z.input<typeof CommentsQuery>;

export const NewComment = z
  .object({
    body: CommentBody,
    parentCommentId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('Answer this comment (a reply to a reply joins its thread)'),
  })
  .strict()
  .meta({ id: 'NewComment' });
export type NewComment = z.input<typeof NewComment>;

export const CommentChange = z.object({ body: CommentBody }).strict().meta({ id: 'CommentChange' });
export type CommentChange = z.input<typeof CommentChange>;

export const CommentIdParams = z.object({ commentId: z.string().min(1).max(64).describe('The comment id') });
export const CommentSceneParams = z.object({ sceneId: z.string().min(1).max(64).describe('The space id') });

export const NewReport = z
  .object({
    sceneId: z.string().min(1).max(64).describe('The space reported, or whose comment is reported'),
    commentId: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .describe('The comment reported (leave out for the space)'),
    reason: ReportReason,
    text: z
      .string()
      .trim()
      .max(reportTextMax, `At most ${reportTextMax} characters`)
      .default('')
      .describe('What the operator should know'),
  })
  .strict()
  .meta({ id: 'NewReport' });
export type NewReport = z.input<typeof NewReport>;

export const ReportAnswer = z
  .object({
    reportId: z.string(),
    /** False when the caller had reported the same thing already (nothing changed). */
    created: z.boolean(),
  })
  .meta({ id: 'ReportAnswer' });
export type ReportAnswer = z.infer<typeof ReportAnswer>;
