import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { Comment, CommentPage, Reply } from '../../contracts/comments';
import {
  type CommentsContext,
  type CommentsInput,
  commentsMachine,
} from '../../src/machines/commentsMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const at = '2026-05-01T10:00:00.000Z';
const person = (userId: string) => ({ userId, name: `Name ${userId}`, username: null, profilePicture: null });
const reply = (commentId: string, parent: string, userId: string, body: string): Reply => ({
  commentId,
  sceneId: 's1',
  parentCommentId: parent,
  body,
  createdAt: at,
  updatedAt: at,
  edited: false,
  hiddenByOperator: false,
  hidden: false,
  user: person(userId),
});
const thread = (commentId: string, userId: string, body: string, replies: Reply[] = []): Comment => ({
  ...reply(commentId, '', userId, body),
  parentCommentId: null,
  childComments: replies,
  replyCount: replies.length,
});

// My thread with Bob's answer, Bob's own thread; one more thread on the next page.
const answer = reply('r1', 'a', 'bob', 'Nice one');
const mine = thread('a', 'me', 'My first thought', [answer]);
const bobs = thread('b', 'bob', 'Buy cheap watches');
const older = thread('c', 'cy', 'An older thread');
const page0: CommentPage = {
  items: [mine, bobs],
  cp: 0,
  ipp: 2,
  total: 3,
  commentCount: 4,
  commentsEnabled: true,
};
const page1: CommentPage = {
  items: [older],
  cp: 1,
  ipp: 2,
  total: 3,
  commentCount: 4,
  commentsEnabled: true,
};
const pageOff: CommentPage = { ...page0, commentsEnabled: false };
const rateLimited = {
  message: 'You are commenting too quickly: please try again in 40 seconds',
  code: 'RATE_LIMITED',
};

const visitor: CommentsInput = { sceneId: 's1', ownerId: 'owner', userId: 'me', ipp: 2 };
const owner: CommentsInput = { ...visitor, ownerId: 'me' };
const anonymous: CommentsInput = { ...visitor, userId: null };

const all = (ctx: CommentsContext) => ctx.comments.flatMap((c) => [c, ...c.childComments]);
const find = (ctx: CommentsContext, id: string | null) => all(ctx).find((c) => c.commentId === id)!;

/** What the server would answer to the request the snapshot is waiting for. */
function answers(snapshot: ReturnType<typeof commentsMachine.transition>): AnyEventObject[] {
  const ctx = snapshot.context;
  const target = ctx.target;
  if (snapshot.matches('loading'))
    return [
      { type: 'xstate.done.actor.fetchPage', output: page0 },
      { type: 'xstate.done.actor.fetchPage', output: pageOff },
      { type: 'xstate.error.actor.fetchPage', error: { message: 'offline' } },
    ];
  if (snapshot.matches({ ready: 'loadingMore' }))
    return [
      { type: 'xstate.done.actor.fetchPage', output: page1 },
      { type: 'xstate.error.actor.fetchPage', error: { message: 'offline' } },
    ];
  if (snapshot.matches({ ready: 'posting' })) {
    const parent = target ? (find(ctx, target).parentCommentId ?? target) : null;
    const posted = parent ? reply('n', parent, 'me', 'Hello') : thread('n', 'me', 'Hello');
    return [
      { type: 'xstate.done.actor.postComment', output: posted },
      { type: 'xstate.error.actor.postComment', error: rateLimited },
    ];
  }
  if (snapshot.matches({ ready: 'saving' }))
    return [
      {
        type: 'xstate.done.actor.editComment',
        output: { ...find(ctx, target), body: 'Changed', edited: true },
      },
      { type: 'xstate.error.actor.editComment', error: { message: 'offline' } },
    ];
  if (snapshot.matches({ ready: 'deleting' }))
    return [
      { type: 'xstate.done.actor.deleteComment' },
      { type: 'xstate.error.actor.deleteComment', error: { message: 'offline' } },
    ];
  if (snapshot.matches({ ready: 'reporting' }))
    return [
      { type: 'xstate.done.actor.sendReport', output: { reportId: 'x', created: true } },
      { type: 'xstate.error.actor.sendReport', error: { message: 'offline' } },
    ];
  if (snapshot.matches({ ready: 'hiding' }) || snapshot.matches({ ready: 'unhiding' }))
    return [
      {
        type: 'xstate.done.actor.setHidden',
        output: { ...find(ctx, target), hidden: snapshot.matches({ ready: 'hiding' }) },
      },
      { type: 'xstate.error.actor.setHidden', error: { message: 'offline' } },
    ];
  return [];
}

const userEvents: AnyEventObject[] = [
  { type: 'comments.retry' },
  { type: 'comments.loadMore' },
  { type: 'comments.post', body: 'Hello' },
  { type: 'comments.post', body: '   ' },
  { type: 'comments.post', body: 'x'.repeat(2001) },
  { type: 'comments.reply', commentId: 'a' },
  { type: 'comments.reply', commentId: 'r1' },
  { type: 'comments.edit', commentId: 'a' },
  { type: 'comments.edit', commentId: 'b' },
  { type: 'comments.save', body: 'Changed' },
  { type: 'comments.save', body: '' },
  { type: 'comments.delete', commentId: 'a' },
  { type: 'comments.delete', commentId: 'b' },
  { type: 'comments.delete', commentId: 'r1' },
  { type: 'comments.confirm' },
  { type: 'comments.report', commentId: null },
  { type: 'comments.report', commentId: 'b' },
  { type: 'comments.sendReport', reason: 'spam', text: '' },
  { type: 'comments.hide', commentId: 'b' },
  { type: 'comments.unhide', commentId: 'b' },
  { type: 'comments.cancel' },
  { type: 'comments.dismiss' },
];
const starts = new Set([
  'comments.post',
  'comments.reply',
  'comments.edit',
  'comments.delete',
  'comments.report',
  'comments.hide',
  'comments.loadMore',
]);

/** The thread as loaded (no change made yet): only then does a path start a change, so the model stays small. */
const untouched = (ctx: CommentsContext) =>
  !ctx.reported &&
  [JSON.stringify(page0.items), JSON.stringify(pageOff.items)].includes(JSON.stringify(ctx.comments));

function modelOf(input: CommentsInput) {
  return createPathModel(commentsMachine, {
    input,
    events: (snapshot) => [...answers(snapshot), ...userEvents],
    filterEvents: (snapshot, event) => !starts.has(event.type) || untouched(snapshot.context),
  });
}

function start(input: CommentsInput) {
  const { deferred, latest, answer } = deferredActors();
  const names = ['fetchPage', 'postComment', 'editComment', 'deleteComment', 'setHidden', 'sendReport'];
  const actor = createActor(
    commentsMachine.provide({ actors: Object.fromEntries(names.map((n) => [n, deferred(n)])) as never }),
    { input },
  ).start();
  return { actor, latest, answer: (event: AnyEventObject) => answer(actor, event) };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

for (const [who, input] of [
  ['a visitor', visitor],
  ['the owner', owner],
  ['a signed-out visitor', anonymous],
] as const) {
  describe(`commentsMachine (model) for ${who}`, () => {
    const paths = getTransitionPaths(modelOf(input));

    if (input === owner)
      it('reaches every state', () => {
        const values = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.state.value))));
        expect([...values].sort()).toEqual(
          [
            'loading',
            'failed',
            ...[
              'idle',
              'loadingMore',
              'replying',
              'posting',
              'editing',
              'saving',
              'confirmingDelete',
              'deleting',
            ]
              .concat(['reportDialog', 'reporting', 'hiding', 'unhiding'])
              .map((s) => ({ ready: s })),
          ]
            .map((v) => JSON.stringify(v))
            .sort(),
        );
      });

    describePaths('replays', paths, (path) => async () => {
      const thread = start(input);
      for (const step of replaySteps(path)) {
        const before = thread.actor.getSnapshot().context;
        thread.answer(step.event);
        await flush();
        const snapshot = thread.actor.getSnapshot();
        expect(snapshot.value).toEqual(step.state.value);
        const { comments, total, commentCount, problem, reported, target } = snapshot.context;
        expect({ comments, total, commentCount, problem, reported, target }).toEqual({
          comments: step.state.context.comments,
          total: step.state.context.total,
          commentCount: step.state.context.commentCount,
          problem: step.state.context.problem,
          reported: step.state.context.reported,
          target: step.state.context.target,
        });
        // What reaches the server is what the user asked for.
        if (snapshot.matches({ ready: 'posting' }))
          expect(thread.latest('postComment').input).toEqual({
            sceneId: 's1',
            body: 'Hello',
            parentCommentId: before.target,
          });
        if (snapshot.matches({ ready: 'loadingMore' }))
          expect(thread.latest('fetchPage').input).toEqual({ sceneId: 's1', cp: 1, ipp: 2 });
        if (snapshot.matches({ ready: 'reporting' }))
          expect(thread.latest('sendReport').input).toEqual({
            sceneId: 's1',
            commentId: before.target,
            reason: 'spam',
            text: '',
          });
      }
    });
  });
}

describe('commentsMachine', () => {
  const loaded = async (input: CommentsInput, page = page0) => {
    const thread = start(input);
    thread.latest('fetchPage').resolve(page);
    await flush();
    return thread;
  };
  const can = (thread: ReturnType<typeof start>, event: AnyEventObject) =>
    thread.actor.getSnapshot().can(event as never);

  it('offers each user only what they may do', async () => {
    const me = await loaded(visitor);
    expect(can(me, { type: 'comments.edit', commentId: 'a' })).toBe(true);
    expect(can(me, { type: 'comments.edit', commentId: 'b' })).toBe(false);
    expect(can(me, { type: 'comments.delete', commentId: 'b' })).toBe(false);
    expect(can(me, { type: 'comments.hide', commentId: 'b' })).toBe(false);
    expect(can(me, { type: 'comments.report', commentId: 'b' })).toBe(true);
    expect(can(me, { type: 'comments.report', commentId: null })).toBe(true);
    expect(can(me, { type: 'comments.report', commentId: 'a' })).toBe(false);

    const theOwner = await loaded(owner);
    expect(can(theOwner, { type: 'comments.delete', commentId: 'b' })).toBe(true);
    expect(can(theOwner, { type: 'comments.hide', commentId: 'b' })).toBe(true);
    expect(can(theOwner, { type: 'comments.report', commentId: null })).toBe(false);

    const signedOut = await loaded(anonymous);
    for (const type of ['comments.reply', 'comments.report', 'comments.edit'])
      expect(can(signedOut, { type, commentId: 'a' })).toBe(false);
    expect(can(signedOut, { type: 'comments.post', body: 'Hello' })).toBe(false);

    const off = await loaded(visitor, pageOff);
    expect(can(off, { type: 'comments.post', body: 'Hello' })).toBe(false);
    expect(can(off, { type: 'comments.reply', commentId: 'a' })).toBe(false);
  });

  it('puts a reply to a reply under the thread the server attached it to, and counts it', async () => {
    const me = await loaded(visitor);
    me.actor.send({ type: 'comments.reply', commentId: 'r1' });
    me.actor.send({ type: 'comments.post', body: 'Hello' });
    me.latest('postComment').resolve(reply('n', 'a', 'me', 'Hello'));
    await flush();
    const { comments, commentCount } = me.actor.getSnapshot().context;
    expect(comments[0].childComments.map((r) => r.commentId)).toEqual(['r1', 'n']);
    expect(comments[0].replyCount).toBe(2);
    expect(commentCount).toBe(5);
  });

  it("takes a comment the owner hides out of the visitors' count, and puts it back when shown", async () => {
    const theOwner = await loaded(owner);
    theOwner.actor.send({ type: 'comments.hide', commentId: 'a' });
    theOwner.latest('setHidden').resolve({ ...mine, hidden: true });
    await flush();
    // The thread and its reply.
    expect(theOwner.actor.getSnapshot().context.commentCount).toBe(2);
    expect(theOwner.actor.getSnapshot().context.comments[0].hidden).toBe(true);
    theOwner.actor.send({ type: 'comments.unhide', commentId: 'a' });
    theOwner.latest('setHidden').resolve(mine);
    await flush();
    expect(theOwner.actor.getSnapshot().context.commentCount).toBe(4);
  });

  it('does not offer the owner to show a comment an operator hid after a report', async () => {
    const hidden = { ...bobs, hidden: true, hiddenByOperator: true };
    const theOwner = await loaded(owner, { ...page0, items: [mine, hidden] });
    expect(can(theOwner, { type: 'comments.unhide', commentId: 'b' })).toBe(false);
    expect(can(theOwner, { type: 'comments.delete', commentId: 'b' })).toBe(true);
  });
});
