import { type ActorRefFrom, assign, fromCallback, type SnapshotFrom, setup } from 'xstate';

/**
 * The editor's guide modal (platform.md §2.6): it opens by itself on the user's first editor visit
 * only, and the help button opens it any time.
 *
 * Whether the user has seen it is their record's `editorGuideSeen` (so it follows them across
 * devices); `seenWatch` relays it (`profile.guideSeen`, null while the record is loading). Until it
 * is known the guide waits in `deciding`; then it opens when unseen. Closing it the first time
 * remembers it (`rememberSeen`), so the next visit does not open it.
 */

export interface EditorGuideContext {
  /** The user has closed the guide before (null: not known yet). */
  seen: boolean | null;
}

export type EditorGuideEvent =
  /** The user's record says whether they have seen the guide (null: not loaded). */
  | { type: 'profile.guideSeen'; seen: boolean | null }
  /** The help button. */
  | { type: 'guide.opened' }
  /** Skip, Done, Escape or the close button. */
  | { type: 'guide.closed' };

export const editorGuideMachine = setup({
  types: {
    context: {} as EditorGuideContext,
    events: {} as EditorGuideEvent,
    children: {} as { seenWatch: 'seenWatch' },
  },
  actors: {
    /** Relays the user's `editorGuideSeen` (`profile.guideSeen`) now and on every change. */
    seenWatch: fromCallback<EditorGuideEvent>(() => () => {}),
  },
  actions: {
    /** Stores in the user's record that they have seen the guide. */
    rememberSeen: () => {},
  },
  guards: {
    known: ({ context }) => context.seen !== null,
    unseen: ({ context }) => context.seen === false,
  },
}).createMachine({
  id: 'editorGuide',
  context: { seen: null },
  invoke: { id: 'seenWatch', src: 'seenWatch' },
  on: {
    // A record that is loading (or gone at sign-out) does not forget what is known.
    'profile.guideSeen': {
      guard: ({ event }) => event.seen !== null,
      actions: assign({ seen: ({ event }) => event.seen }),
    },
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'unseen', target: 'open' },
        { guard: 'known', target: 'closed' },
      ],
      on: { 'guide.opened': 'open' },
    },
    open: {
      on: {
        'guide.closed': [
          { guard: 'unseen', target: 'closed', actions: [assign({ seen: true }), 'rememberSeen'] },
          { target: 'closed' },
        ],
      },
    },
    closed: {
      on: { 'guide.opened': 'open' },
    },
  },
});

export type EditorGuideActorRef = ActorRefFrom<typeof editorGuideMachine>;
export type EditorGuideSnapshot = SnapshotFrom<typeof editorGuideMachine>;

/** 'deciding' until the user's record says, then 'open' or 'closed'. */
export const selectGuideState = (snapshot: EditorGuideSnapshot) =>
  snapshot.value as 'deciding' | 'open' | 'closed';
