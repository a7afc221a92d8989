import { fromPromise } from 'xstate';
import type { SceneState } from '../../../contracts/scenes';
import { type InfiniteListBody, infiniteListMachine } from '../../machines/infiniteListMachine';
import {
  duplicatedToast,
  duplicateFailedToast,
  type SpaceCardData,
  spaceCardMachine,
} from '../../machines/spaceCardMachine';
import { scenesApi } from '../../services/scenes';
import { signedInUser } from '../relays';
import type { AppServices } from '../services';

/** Which of a user's spaces a profile lists: the owner's own of a state, or what visitors see. */
export interface ProfileSpacesParams {
  userId: string;
  /** The signed-in user's own profile: their spaces of `state`, hidden ones too. */
  own: boolean;
  state: SceneState;
}

/** Space cards and the lists of a profile's spaces. */
export default function spacesFlows({ api, toasts }: AppServices) {
  const scenes = scenesApi(api);
  return {
    spaceCard: spaceCardMachine.provide({
      actors: {
        setVisibility: fromPromise<unknown, { sceneId: string; visible: boolean }>(({ input, signal }) =>
          scenes.setVisible(input.sceneId, input.visible, signal),
        ),
        deleteSpace: fromPromise<unknown, { sceneId: string }>(({ input, signal }) =>
          scenes.remove(input.sceneId, signal),
        ),
        duplicateSpace: fromPromise<SpaceCardData, { sceneId: string }>(
          async ({ input, signal }) => (await scenes.duplicate(input.sceneId, signal)).metadata,
        ),
      },
      actions: {
        announceDuplicated: ({ system }, { copy }) =>
          toasts(duplicatedToast(copy, signedInUser(system)?.userId)),
        announceDuplicateFailed: ({ system }, { error }) => {
          const toast = duplicateFailedToast(error, signedInUser(system)?.userId);
          if (toast) toasts(toast);
        },
      },
    }),
    /** A profile's spaces (`params`: ProfileSpacesParams), 9 a page. */
    profileSpaces: infiniteListMachine.provide({
      actors: {
        fetchPage: fromPromise<readonly unknown[], InfiniteListBody>(async ({ input, signal }) => {
          const { userId, own, state, cp, ipp } = input as unknown as ProfileSpacesParams & InfiniteListBody;
          // A visitor sees the published, visible spaces as published.
          const page = own
            ? await scenes.my({ state, cp, ipp }, signal)
            : await scenes.publishedBy({ ownerId: userId, cp, ipp }, signal);
          return page.items;
        }),
      },
    }),
  };
}
