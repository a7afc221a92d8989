import { assign, fromCallback, fromPromise, waitFor } from 'xstate';
import type { SceneContent } from '../../../contracts/sceneContent';
import type { SceneMetadata } from '../../../contracts/scenes';
import { type LiveInstanceEntered, liveUserHubPath } from '../../../contracts/live';
import { encodePose } from '../../../contracts/livePoses';
import { commentsMachine } from '../../machines/commentsMachine';
import { type HubConnectionEvent, hubConnectionMachine } from '../../machines/hubConnectionMachine';
import { liveTargets, liveVisitMachine, moderationActions } from '../../machines/liveVisitMachine';
import { liveVoiceMachine } from '../../machines/liveVoice';
import { openMicrophone, stopMicrophone, voiceConnections } from '../../services/voiceConnections';
import { chatMachine } from '../../machines/chatMachine';
import { sceneEventsMachine } from '../../machines/sceneEventsMachine';
import { type PartyActorRef, partyMachine } from '../../machines/partyMachine';
import { partiesApi } from '../../services/parties';
import { inviteUrl } from '../../lib/viewerUrl';
import type { SessionActorRef } from '../../machines/appMachine';
import { homeSpacesMachine } from '../../machines/homeSpacesMachine';
import { listViewMachine } from '../../machines/listViewMachine';
import { viewerPageMachine } from '../../machines/viewerPageMachine';
import { viewerSidebarMachine } from '../../machines/viewerSidebarMachine';
import { commentsApi } from '../../services/comments';
import { directMessagesApi } from '../../services/directMessages';
import { base64Of, hubConnection } from '../../services/notificationHub';
import { publishingApi } from '../../services/publishing';
import { sceneEventsApi } from '../../services/sceneEvents';
import { scenesApi } from '../../services/scenes';
import { spaceReactionsApi } from '../../services/spaceReactions';
import { commandEngine } from '../engineCommands';
import { sessionRestarts, signedInUser } from '../relays';
import type { AppServices } from '../services';
import { loadIgnoredVisitors, saveIgnoredVisitors, saveVoice } from '../../lib/viewerPreferences';

/** Where a visitor who may not see a space is sent. */
export const accessDeniedPath = '/space-access-denied';

/**
 * The viewer page: the published space (or the owner's draft) and the view it counts, its sidebar,
 * the other spaces it suggests, and its list view, which walks the visitor to a work through the
 * page's engine.
 */
export default function viewerFlows({ api, navigate }: AppServices) {
  const scenes = scenesApi(api);
  const publishing = publishingApi(api);
  const comments = commentsApi(api);
  const reactions = spaceReactionsApi(api);
  const sceneEvents = sceneEventsApi(api);
  const directMessages = directMessagesApi(api);
  const parties = partiesApi(api);
  // One live-user connection for the visits of this tab (one visit at a time).
  const liveHub = hubConnection(api, liveUserHubPath, liveTargets, {
    // Signed out, the visitor is a guest: no key is asked for.
    asGuest: (system) => signedInUser(system) === null,
  });
  return {
    /** The visitor's presence in the space (the live-user hub, while signed in). */
    liveVisit: liveVisitMachine.provide({
      actors: {
        hub: hubConnectionMachine.provide({
          actors: {
            ...liveHub.actors,
            // Signed in or not (as a guest), the visitor is present; a sign-in or -out reconnects.
            signInWatch: sessionRestarts<HubConnectionEvent>({ type: 'hub.start' }, { type: 'hub.stop' }),
          },
        }),
        join: fromPromise(({ input }) =>
          liveHub.invoke<LiveInstanceEntered>(
            'JoinScene',
            input.sceneId,
            input.instanceId ? { instanceId: input.instanceId } : {},
          ),
        ),
        chat: chatMachine.provide({
          actors: {
            sendMessage: fromPromise(({ input }) =>
              liveHub.invoke('SendPublicMessage', input.text, input.clientId),
            ),
          },
        }),
        eventChat: chatMachine.provide({
          actors: {
            sendMessage: fromPromise(({ input }) =>
              liveHub.invoke('SendEventMessage', input.text, input.clientId),
            ),
          },
        }),
        // Voice: the server's settings, the browser's microphone, and WebRTC with the nearest peers
        // signalled through the same hub.
        voice: liveVoiceMachine.provide({
          actors: {
            config: fromPromise(({ signal }) => directMessages.voice(signal)),
            microphone: fromPromise(({ input }) => openMicrophone(input.deviceId)),
            connections: voiceConnections({
              signal: (toUserId, voiceSignal) => liveHub.invoke('SendVoiceSignal', toUserId, voiceSignal),
              token: () => liveHub.invoke('RequestVoiceToken'),
            }),
          },
          actions: {
            stopStream: (_, { stream }) => stopMicrophone(stream),
            rememberSettings: (_, settings) => saveVoice(settings),
            decline: (_, { userId }) =>
              void liveHub.invoke('SendVoiceSignal', userId, { kind: 'bye', data: '' }).catch(() => {}),
          },
        }),
        release: fromCallback(() => () => void liveHub.close()),
        // Signed in, the blocks kept by the server (from other browsers too); a guest has none.
        recallBlocks: fromPromise(async ({ system, signal }) =>
          signedInUser(system) === null ? [] : (await directMessages.blocks(signal)).userIds,
        ),
      },
      actions: {
        toEngine: ({ system }, { command }) => commandEngine(system as never, command),
        // Poses go as base64 text on the JSON protocol, without waiting for an answer.
        sendPose: (_, { pose }) => {
          if (pose) liveHub.send('SendPose', base64Of(encodePose(pose)));
        },
        recallIgnored: assign({
          ignored: ({ context }) => ({ ...loadIgnoredVisitors(), ...context.ignored }),
        }),
        rememberIgnored: (_, { ignored }) => saveIgnoredVisitors(ignored),
        // The browser remembers it in any case: a failed call loses nothing here.
        shareBlock: (_, { userId, blocked }) => void directMessages.block(userId, blocked).catch(() => {}),
        moderate: (_, { sceneId, action, userId }) =>
          void liveHub.invoke(moderationActions[action], sceneId, userId).catch(() => {}),
        toParty: ({ system }, { event }) => (system.get('party') as PartyActorRef | undefined)?.send(event),
      },
    }),
    /** The signed-in visitor's party (the Party panel), following its leader from space to space. */
    party: partyMachine.provide({
      actors: {
        load: fromPromise(({ signal }) => parties.mine(signal)),
        apply: fromPromise(({ input, signal }) => parties.apply(input.change, signal)),
      },
      actions: {
        // The leader's space, in their instance (an address on this host).
        follow: (_, { move }) => navigate(inviteUrl(move.sceneId, move.instanceId, '')),
      },
    }),
    viewerPage: viewerPageMachine.provide({
      actors: {
        loadScene: fromPromise<
          { metadata: SceneMetadata; content: SceneContent },
          { sceneId: string; draft: boolean }
        >(async ({ input, signal }) => {
          const [metadata, content] = input.draft
            ? await Promise.all([
                scenes.metadata(input.sceneId, signal),
                scenes.content(input.sceneId, signal).then((answer) => answer.content),
              ])
            : await Promise.all([
                scenes.publishedMetadata(input.sceneId, signal),
                scenes.publishedContent(input.sceneId, signal),
              ]);
          return { metadata, content };
        }),
        countView: fromPromise(({ input, signal }) => publishing.view(input.sceneId, signal)),
        recordVisit: fromPromise<void, { sceneId: string }>(async ({ input, signal, system }) => {
          // A page opened at the viewer's address: the session may still be finding its user.
          const session = system.get('session') as SessionActorRef | undefined;
          if (session)
            await waitFor(
              session,
              (s) => !(s.matches('starting') || s.matches('checking') || s.matches('completing')),
              { timeout: Infinity, signal },
            );
          if (signedInUser(system)) await reactions.recordVisit(input.sceneId, signal);
        }),
      },
      actions: { leaveForAccessDenied: () => navigate(accessDeniedPath, { replace: true }) },
    }),
    /** The viewer's sidebar: which panel is open. */
    viewerSidebar: viewerSidebarMachine,
    /** Other published spaces for the viewer's 'Explore other virtual spaces' (the most viewed). */
    relatedSpaces: homeSpacesMachine.provide({
      actors: {
        loadSpaces: fromPromise(async ({ input, signal }) => {
          const page = await publishing.search({ sort: 'views', cp: 0, ipp: input.count }, signal);
          return page.items;
        }),
      },
    }),
    /** The comment thread of the Space info panel. */
    comments: commentsMachine.provide({
      actors: {
        fetchPage: fromPromise(({ input, signal }) =>
          comments.page(input.sceneId, input.cp, input.ipp, signal),
        ),
        postComment: fromPromise(({ input, signal }) =>
          comments.post(input.sceneId, input.body, input.parentCommentId, signal),
        ),
        editComment: fromPromise(({ input, signal }) => comments.edit(input.commentId, input.body, signal)),
        deleteComment: fromPromise(({ input, signal }) => comments.remove(input.commentId, signal)),
        setHidden: fromPromise(({ input, signal }) =>
          comments.setHidden(input.commentId, input.hidden, signal),
        ),
        sendReport: fromPromise(({ input, signal }) =>
          comments.report(
            {
              sceneId: input.sceneId,
              ...(input.commentId ? { commentId: input.commentId } : {}),
              reason: input.reason,
              text: input.text,
            },
            signal,
          ),
        ),
      },
    }),
    /** The Events panel: the space's scheduled events. */
    sceneEvents: sceneEventsMachine.provide({
      actors: {
        load: fromPromise(({ input, signal }) => sceneEvents.list(input.sceneId, signal)),
        apply: fromPromise(({ input, signal }) =>
          input.change.kind === 'add'
            ? sceneEvents.add(input.sceneId, input.change.event, signal)
            : sceneEvents.cancel(input.sceneId, input.change.eventId, signal),
        ),
      },
    }),
    listView: listViewMachine.provide({
      actions: { sendCommand: ({ system }, { command }) => commandEngine(system as never, command) },
    }),
  };
}
