import { type ActorRefFrom, assign, emit, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { SceneMetadata } from '../../contracts/scenes';
import type { ToastsEvent } from './toastsMachine';

/**
 * What a space card shows (districts-commerce-spaces.md §3 'Scene/space card data'); the full
 * `SceneMetadata` fits, and so does any listing that carries these fields.
 */
export type SpaceCardData = Pick<
  SceneMetadata,
  | 'sceneId'
  | 'title'
  | 'state'
  | 'visible'
  | 'coverPhotoUri'
  | 'thumbnailUri'
  | 'creator'
  | 'likes'
  | 'views'
  | 'commentCount'
  | 'updatedAt'
>;

/** The owner's actions whose failure is only logged (districts-commerce-spaces.md §8). */
export type LoggedSpaceAction = 'hide' | 'unhide' | 'delete';

export interface SpaceCardContext {
  space: SpaceCardData;
  /** The card has left its list: while the delete runs (optimistically) and once it is done. */
  removed: boolean;
}

export type SpaceCardEvent =
  | { type: 'card.hide' }
  | { type: 'card.unhide' }
  /** Asks for confirmation first. */
  | { type: 'card.delete' }
  | { type: 'card.confirmDelete' }
  | { type: 'card.cancelDelete' }
  | { type: 'card.duplicate' }
  /** Newer data for the same space (the list was reloaded); taken only while no action runs. */
  | { type: 'card.updated'; space: SpaceCardData };

/** What the card tells its view (`actor.on(type, handler)`). */
export type SpaceCardEmitted =
  /** The server deleted the space: the list drops it. */
  | { type: 'card.deleted'; sceneId: string }
  /** The copy (a draft) the server made. */
  | { type: 'card.duplicated'; copy: SpaceCardData }
  /** Duplicating failed (the draft limit among the reasons, see `isDraftLimitProblem`). */
  | { type: 'card.duplicateFailed'; error: unknown };

/**
 * The owner's actions on one space card (districts-commerce-spaces.md §2 'Space card', §4 'Spaces',
 * §8):
 *
 * - hide / unhide change `visible` at once and ask the server (`setVisibility`); a failure puts
 *   the previous value back and is only logged (`logFailure`);
 * - delete asks for confirmation (`confirmingDelete`), then removes the card at once
 *   (`removed`) and asks the server (`deleteSpace`); success ends in `deleted` and emits
 *   `card.deleted` (the list drops the space), a failure brings the card back and is only logged;
 * - duplicate asks the server for a copy (`duplicateSpace`, answering the copy, a draft), emits
 *   `card.duplicated` or `card.duplicateFailed` (the draft limit among the reasons) and tells the
 *   user (`announceDuplicated`, `announceDuplicateFailed`: the app shows `duplicatedToast` and
 *   `duplicateFailedToast`).
 *
 * One action at a time: the others wait in `idle` (views ask `snapshot.can(event)`). The
 * `busy` tag marks a request in flight.
 */
export const spaceCardMachine = setup({
  types: {
    context: {} as SpaceCardContext,
    events: {} as SpaceCardEvent,
    emitted: {} as SpaceCardEmitted,
    input: {} as { space: SpaceCardData },
    tags: {} as 'busy',
  },
  actors: {
    setVisibility: fromPromise<unknown, { sceneId: string; visible: boolean }>(async () => {
      throw new Error('spaceCardMachine: provide a setVisibility actor');
    }),
    deleteSpace: fromPromise<unknown, { sceneId: string }>(async () => {
      throw new Error('spaceCardMachine: provide a deleteSpace actor');
    }),
    duplicateSpace: fromPromise<SpaceCardData, { sceneId: string }>(async () => {
      throw new Error('spaceCardMachine: provide a duplicateSpace actor');
    }),
  },
  guards: {
    isVisible: ({ context }) => context.space.visible,
    isHidden: ({ context }) => !context.space.visible,
    isSameSpace: ({ context, event }) =>
      event.type === 'card.updated' && event.space.sceneId === context.space.sceneId,
  },
  actions: {
    setVisible: assign(({ context }, params: { visible: boolean }) => ({
      space: { ...context.space, visible: params.visible },
    })),
    markRemoved: assign({ removed: true }),
    markKept: assign({ removed: false }),
    takeUpdate: assign((_, params: { space: SpaceCardData }) => ({ space: params.space })),
    /** A duplicate succeeded: the app tells the user (`duplicatedToast`). */
    announceDuplicated: (_, _params: { copy: SpaceCardData }) => {},
    /** A duplicate failed: the app tells the user why, when it should (`duplicateFailedToast`). */
    announceDuplicateFailed: (_, _params: { error: unknown }) => {},
    /** Failures of hide, unhide and delete are only logged (districts-commerce-spaces.md §8). */
    logFailure: (_, params: { action: LoggedSpaceAction; sceneId: string; error: unknown }) => {
      console.error(`Could not ${params.action} space ${params.sceneId}`, params.error);
    },
  },
}).createMachine({
  id: 'spaceCard',
  context: ({ input }) => ({ space: input.space, removed: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'card.hide': {
          guard: 'isVisible',
          target: 'hiding',
          actions: { type: 'setVisible', params: { visible: false } },
        },
        'card.unhide': {
          guard: 'isHidden',
          target: 'unhiding',
          actions: { type: 'setVisible', params: { visible: true } },
        },
        'card.delete': 'confirmingDelete',
        'card.duplicate': 'duplicating',
        'card.updated': {
          guard: 'isSameSpace',
          actions: { type: 'takeUpdate', params: ({ event }) => ({ space: event.space }) },
        },
      },
    },
    hiding: {
      tags: 'busy',
      invoke: {
        id: 'setVisibility',
        src: 'setVisibility',
        input: ({ context }) => ({ sceneId: context.space.sceneId, visible: false }),
        onDone: 'idle',
        onError: {
          target: 'idle',
          actions: [
            { type: 'setVisible', params: { visible: true } },
            {
              type: 'logFailure',
              params: ({ context, event }) => ({
                action: 'hide' as const,
                sceneId: context.space.sceneId,
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    unhiding: {
      tags: 'busy',
      invoke: {
        id: 'setVisibility',
        src: 'setVisibility',
        input: ({ context }) => ({ sceneId: context.space.sceneId, visible: true }),
        onDone: 'idle',
        onError: {
          target: 'idle',
          actions: [
            { type: 'setVisible', params: { visible: false } },
            {
              type: 'logFailure',
              params: ({ context, event }) => ({
                action: 'unhide' as const,
                sceneId: context.space.sceneId,
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    confirmingDelete: {
      on: {
        'card.confirmDelete': { target: 'deleting', actions: 'markRemoved' },
        'card.cancelDelete': 'idle',
      },
    },
    deleting: {
      tags: 'busy',
      invoke: {
        id: 'deleteSpace',
        src: 'deleteSpace',
        input: ({ context }) => ({ sceneId: context.space.sceneId }),
        onDone: {
          target: 'deleted',
          actions: emit(({ context }) => ({ type: 'card.deleted' as const, sceneId: context.space.sceneId })),
        },
        onError: {
          target: 'idle',
          actions: [
            'markKept',
            {
              type: 'logFailure',
              params: ({ context, event }) => ({
                action: 'delete' as const,
                sceneId: context.space.sceneId,
                error: event.error,
              }),
            },
          ],
        },
      },
    },
    deleted: { type: 'final' },
    duplicating: {
      tags: 'busy',
      invoke: {
        id: 'duplicateSpace',
        src: 'duplicateSpace',
        input: ({ context }) => ({ sceneId: context.space.sceneId }),
        onDone: {
          target: 'idle',
          actions: [
            emit(({ event }) => ({ type: 'card.duplicated' as const, copy: event.output })),
            { type: 'announceDuplicated', params: ({ event }) => ({ copy: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            emit(({ event }) => ({ type: 'card.duplicateFailed' as const, error: event.error })),
            { type: 'announceDuplicateFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type SpaceCardActorRef = ActorRefFrom<typeof spaceCardMachine>;
export type SpaceCardSnapshot = SnapshotFrom<typeof spaceCardMachine>;

/** How long the draft-limit toast stays (districts-commerce-spaces.md §8). */
export const draftLimitToastMs = 5000;

/**
 * Whether a failed request was refused for the draft limit: the server answers 422 with
 * 'Draft Limit Reached' (districts-commerce-spaces.md §8).
 */
export function isDraftLimitProblem(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 422;
}

/** The draft-limit toast: the message and a View drafts button to the user's drafts. */
export function draftLimitToast(
  userId: string | null | undefined,
): Extract<ToastsEvent, { type: 'toast.show' }> {
  return {
    type: 'toast.show',
    severity: 'warning',
    message: 'Global.DraftLimit.Message',
    durationMs: draftLimitToastMs,
    action: { labelKey: 'space.draftLimit.viewDrafts', href: draftsHref(userId) },
  };
}

/** Where a user's drafts are listed (the toasts' View drafts button). */
export const draftsHref = (userId: string | null | undefined) =>
  `/user/${encodeURIComponent(userId ?? 'me')}/spaces/drafts`;

/** 'Copied as “{title}”' with View drafts. */
export function duplicatedToast(
  copy: SpaceCardData,
  userId: string | null | undefined,
): Extract<ToastsEvent, { type: 'toast.show' }> {
  return {
    type: 'toast.show',
    severity: 'success',
    message: 'spaceCard.duplicated',
    params: { title: copy.title },
    action: { labelKey: 'space.draftLimit.viewDrafts', href: draftsHref(userId) },
  };
}

/**
 * Why a duplicate failed, as a toast: the draft limit, or that it failed; nothing for a 403 (the
 * API client already says 'You are not authorized …').
 */
export function duplicateFailedToast(
  error: unknown,
  userId: string | null | undefined,
): Extract<ToastsEvent, { type: 'toast.show' }> | null {
  if (isDraftLimitProblem(error)) return draftLimitToast(userId);
  if ((error as { status?: number } | null)?.status === 403) return null;
  return { type: 'toast.show', severity: 'error', message: 'spaceCard.duplicateFailed' };
}
