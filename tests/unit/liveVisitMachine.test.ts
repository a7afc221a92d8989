import { defaultAvatar, formatAvatar } from '../../contracts/avatars';
import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, createMachine, fromCallback, fromPromise, waitFor } from 'xstate';
import type { LiveInstanceEntered } from '../../contracts/live';
import { encodePoses } from '../../contracts/livePoses';
import type { EngineCommand } from '../../src/engine/protocol';
import { type LiveVisitEvent, liveVisitMachine } from '../../src/machines/liveVisitMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const visitor = (userId: string) => ({
  userId,
  name: userId.toUpperCase(),
  profilePicture: null,
  avatar: null,
});
const entered = (instanceId: string, communication = true): LiveInstanceEntered => ({
  userId: 'me',
  sceneId: 's1',
  instanceId,
  visitors: [visitor('me')],
  communication,
  poseId: 1,
  // Instance 2 is joined as a moderator (paths see the flag follow each join).
  moderator: instanceId === '2',
  recentMessages: [],
});
const refused = new Error(
  "An unexpected error occurred invoking 'JoinScene' on the server. HubException: No such space",
);
const fromAna = {
  id: 'm1',
  text: 'hi',
  sceneId: 's1',
  user: { id: 'ana', name: 'ANA', profilePicture: null },
};
/** A message of the Event chat. */
const atEvent = { ...fromAna, id: 'm9', text: 'at the opening', eventId: 'e1' };
const fromHub = new Set(['live.connected', 'live.offline', 'live.message']);
const still = { y: 0, yaw: 0, speaking: false, emote: 0 };
/** A batch with the visitor's own pose (id 1) and another's (id 7), base64 as the JSON protocol has it. */
const posesText = Buffer.from(
  encodePoses([
    { id: 1, x: 0, z: 0, ...still },
    { id: 7, x: 2, z: -3, ...still, emote: 2 },
  ]),
).toString('base64');

/** The machine with a deferred join, a hub watch whose reports the test sends, and an idle hub. */
function startVisit(
  ignored: Record<string, 'mute' | 'block'> = {},
  /** Whom the server says the visitor blocked (by default it never answers). */
  serverBlocks: Promise<string[]> = new Promise(() => {}),
  /** The instance an invitation names. */
  instanceId?: string,
) {
  const fakes = deferredActors();
  let report: ((event: LiveVisitEvent) => void) | undefined;
  let released = 0;
  const chatEvents: AnyEventObject[] = [];
  const eventChatEvents: AnyEventObject[] = [];
  const voiceEvents: AnyEventObject[] = [];
  const commands: EngineCommand[] = [];
  const poses: unknown[] = [];
  const moderated: unknown[] = [];
  const remembered: unknown[] = [];
  const shared: unknown[] = [];
  const actor = createActor(
    liveVisitMachine.provide({
      actions: {
        rememberIgnored: (_, { ignored }) => void remembered.push(ignored),
        toEngine: (_, { command }) => void commands.push(command),
        sendPose: (_, { pose }) => void poses.push(pose),
        moderate: (_, params) => void moderated.push(params),
        shareBlock: (_, params) => void shared.push(params),
      },
      actors: {
        hub: createMachine({}),
        chat: fromCallback(({ receive }) => {
          receive((event) => chatEvents.push(event));
        }),
        eventChat: fromCallback(({ receive }) => {
          receive((event) => eventChatEvents.push(event));
        }),
        voice: fromCallback(({ receive }) => {
          receive((event) => voiceEvents.push(event));
        }),
        join: fakes.deferred('join'),
        watchHub: fromCallback<LiveVisitEvent>(({ sendBack }) => {
          report = sendBack;
        }),
        release: fromCallback(() => () => void (released += 1)),
        recallBlocks: fromPromise(() => serverBlocks),
      } as never,
    }),
    { input: { sceneId: 's1', ignored, ...(instanceId ? { instanceId } : {}) } },
  ).start();
  const play = (event: AnyEventObject) => {
    if (fromHub.has(event.type)) report!(event as LiveVisitEvent);
    else fakes.answer(actor, event);
  };
  return {
    actor,
    fakes,
    play,
    chatEvents,
    eventChatEvents,
    voiceEvents,
    commands,
    poses,
    moderated,
    remembered,
    shared,
    released: () => released,
  };
}

const withoutHub = (context: object) => {
  const {
    hub: _hub,
    chat: _chat,
    eventChat: _eventChat,
    voice: _voice,
    ...rest
  } = context as { hub: unknown; chat: unknown; eventChat: unknown; voice: unknown };
  return rest;
};

const model = createPathModel(liveVisitMachine, {
  input: { sceneId: 's1' },
  serializeState: (s) => JSON.stringify({ value: s.value, context: withoutHub(s.context) }),
  events: () => [
    { type: 'live.connected' },
    { type: 'live.offline' },
    { type: 'xstate.done.actor.join', output: entered('1') },
    { type: 'xstate.done.actor.join', output: entered('2', false) },
    { type: 'xstate.error.actor.join', error: refused },
    {
      type: 'live.message',
      target: 'LiveVisitorsInMySceneInstance',
      args: [[visitor('me'), visitor('ana')]],
    },
    { type: 'live.message', target: 'LiveVisitorCountInMyScene', args: [{ sceneId: 's1', count: 5 }] },
    { type: 'live.message', target: 'LiveVisitorCountInMyScene', args: [{ sceneId: 'other', count: 9 }] },
    { type: 'live.message', target: 'PublicMessage', args: [fromAna] },
    { type: 'live.message', target: 'EventMessage', args: [atEvent] },
    { type: 'live.message', target: 'Poses', args: [posesText] },
    // Ana picked her avatar; the engine is told it with her name.
    {
      type: 'live.message',
      target: 'PoseVisitors',
      args: [[{ ...visitor('ana'), avatar: 'tall/teal', poseId: 7 }]],
    },
    { type: 'live.message', target: 'PoseVisitorsLeft', args: [[7]] },
    { type: 'live.message', target: 'RemovedFromScene', args: [{ sceneId: 's1', banned: true }] },
    { type: 'live.message', target: 'RemovedFromScene', args: [{ sceneId: 'other', banned: false }] },
    { type: 'live.moved', position: [1, 0, 2], yaw: 90 },
    { type: 'live.emote', emote: 1 },
    { type: 'live.emote', emote: 12 },
    { type: 'live.emoteEnded' },
    { type: 'live.moderate', action: 'remove', userId: 'ana' },
    { type: 'live.ignore', userId: 'ana', kind: 'block' },
    { type: 'live.ignore', userId: 'ana', kind: null },
  ],
});

describePaths('live visit machine (model)', getTransitionPaths(model), (path) => async () => {
  const visit = startVisit();
  let lastInstance: string | null = null;
  let wasPresent = false;
  for (const step of replaySteps(path)) {
    const posesBefore = visit.poses.length;
    const moderatedBefore = visit.moderated.length;
    const commandsBefore = visit.commands.length;
    const receivedBefore = visit.chatEvents.filter((e) => e.type === 'chat.received').length;
    const eventReceivedBefore = visit.eventChatEvents.filter((e) => e.type === 'chat.received').length;
    const joinsBefore = visit.fakes.calls.filter((c) => c.name === 'join').length;
    const sharedBefore = visit.shared.length;
    const ignoredBefore = visit.actor.getSnapshot().context.ignored;
    visit.play(step.event);
    await new Promise((resolve) => setTimeout(resolve, 0));
    const snapshot = visit.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(withoutHub(snapshot.context)).toEqual(withoutHub(step.state.context));
    // Voice follows presence and the space's communication ACL, like the chats; and it never hears
    // whom the visitor muted or blocked.
    const availability = visit.voiceEvents.filter((e) =>
      /^voice\.(available|disabled|unavailable)$/.test(e.type),
    );
    const expected = snapshot.matches('present')
      ? snapshot.context.communication
        ? 'voice.available'
        : 'voice.disabled'
      : 'voice.unavailable';
    if (availability.length > 0 || snapshot.matches('present'))
      expect(availability.at(-1)?.type).toBe(expected);
    const ignoredToVoice = visit.voiceEvents.filter((e) => e.type === 'voice.ignored').at(-1) as
      { userIds: string[] } | undefined;
    if (ignoredToVoice) expect(ignoredToVoice.userIds).toEqual(Object.keys(snapshot.context.ignored));
    const joins = visit.fakes.calls.filter((c) => c.name === 'join');
    if (joins.length > joinsBefore) {
      // Each join asks for the space, and after a reconnect for the instance the visitor was in.
      expect(joins.at(-1)!.input).toEqual({ sceneId: 's1', instanceId: lastInstance });
    }
    // Present means known to be in an instance with at least the visitor in the count.
    if (snapshot.matches('present')) {
      expect(snapshot.context.instanceId).not.toBeNull();
      expect(snapshot.context.count).toBeGreaterThan(0);
      // Moderation is offered as the join said (the server decides who moderates).
      expect(snapshot.context.moderator).toBe(snapshot.context.instanceId === '2');
    }
    if (!snapshot.matches('present')) expect(snapshot.context.count).toBe(0);
    // Taken out by the owner: out of the space, with the reason, and it stays out.
    if ((step.event as { target?: string }).target === 'RemovedFromScene') {
      const forThisSpace =
        (step.event as unknown as { args: { sceneId: string }[] }).args[0].sceneId === 's1';
      if (forThisSpace && wasPresent) {
        expect(snapshot.value).toBe('refused');
        expect(snapshot.context.error).toBe('The owner of this space does not let you in');
      }
      if (!forThisSpace) expect(snapshot.matches('present')).toBe(wasPresent);
    }
    // The chat is open exactly while the visitor is present (disabled where they may not talk).
    const chatState = visit.chatEvents.filter((e) => e.type !== 'chat.received').at(-1);
    if (snapshot.matches('present'))
      expect(chatState).toEqual({
        type: snapshot.context.communication ? 'chat.available' : 'chat.disabled',
        userId: 'me',
      });
    else expect(chatState?.type ?? 'chat.unavailable').toBe('chat.unavailable');
    // The Event chat opens and closes with it.
    expect(visit.eventChatEvents.filter((e) => e.type !== 'chat.received').at(-1)).toEqual(
      visit.chatEvents.filter((e) => e.type !== 'chat.received').at(-1),
    );
    // A message of the Event chat reaches it (not the instance's), but a muted visitor's.
    if (step.event.type === 'live.message' && (step.event as { target?: string }).target === 'EventMessage') {
      expect(visit.chatEvents.filter((e) => e.type === 'chat.received')).toHaveLength(receivedBefore);
      const received = visit.eventChatEvents.filter((e) => e.type === 'chat.received').length;
      expect(received).toBe(eventReceivedBefore + (snapshot.context.ignored.ana ? 0 : 1));
      if (!snapshot.context.ignored.ana)
        expect(visit.eventChatEvents.at(-1)).toEqual({ type: 'chat.received', message: atEvent });
    }
    // Every public message reaches the chat, but those of a visitor the reader muted or blocked.
    if (
      step.event.type === 'live.message' &&
      (step.event as { target?: string }).target === 'PublicMessage'
    ) {
      const received = visit.chatEvents.filter((e) => e.type === 'chat.received').length;
      expect(received).toBe(receivedBefore + (snapshot.context.ignored.ana ? 0 : 1));
      if (!snapshot.context.ignored.ana)
        expect(visit.chatEvents.at(-1)).toEqual({ type: 'chat.received', message: fromAna });
    }
    // The others' avatars follow the hub while present (never the visitor's own), and go when
    // the visitor is no longer present.
    const command = visit.commands.at(-1);
    const target = (step.event as { target?: string }).target;
    // Ana's avatar (pose id 7) is left out once the reader blocked her and knows the id is hers.
    const anaBlocked = snapshot.context.ignored.ana === 'block';
    const known = step.state.context.poseVisitors[7]?.userId === 'ana';
    if (snapshot.matches('present') && step.event.type === 'live.message' && target?.startsWith('Pose')) {
      const payload = (command as Extract<EngineCommand, { method: 'showAvatars' }> | undefined)?.payload;
      if (target === 'Poses' && !(anaBlocked && known))
        expect(payload?.poses).toEqual([
          { id: 7, position: [2, 0, -3], yaw: 0, speaking: false, emote: 'Clap' },
        ]);
      if (target === 'PoseVisitors' && !anaBlocked)
        expect(payload?.names).toEqual([{ id: 7, name: 'ANA', avatar: 'tall/teal' }]);
      if (target === 'PoseVisitorsLeft') expect(payload?.left).toEqual([7]);
      if (anaBlocked && (target === 'PoseVisitors' || (target === 'Poses' && known)))
        expect(visit.commands).toHaveLength(commandsBefore);
    }
    // Blocking hides the avatar the reader sees at once; unblocking brings it back, named.
    const ignoring = step.event.type === 'live.ignore' && known;
    const lifted = (step.event as unknown as { kind?: unknown }).kind === null;
    if (ignoring && !lifted) expect(command).toMatchObject({ payload: { left: [7] } });
    if (ignoring && lifted) expect(command).toMatchObject({ payload: { names: [{ id: 7, name: 'ANA' }] } });
    if (wasPresent && !snapshot.matches('present')) expect(command).toMatchObject({ method: 'clearAvatars' });
    // The visitor's pose goes to the hub only while present: where they stand, with the emote.
    if (visit.poses.length > posesBefore) {
      expect(snapshot.matches('present')).toBe(true);
      const sent = visit.poses.at(-1);
      if (snapshot.context.stance)
        expect(sent).toMatchObject({ x: 1, y: 0, z: 2, emote: snapshot.context.emote });
      else expect(sent).toBeNull();
      expect(snapshot.context.emote === 0 || snapshot.context.emote === 1).toBe(true);
    }
    if (step.event.type === 'live.moved' && snapshot.matches('present'))
      expect(visit.poses.length).toBe(posesBefore + 1);
    // A moderation goes to the hub only while present.
    if (step.event.type === 'live.moderate') {
      expect(visit.moderated).toHaveLength(wasPresent ? moderatedBefore + 1 : moderatedBefore);
      if (wasPresent)
        expect(visit.moderated.at(-1)).toEqual({ sceneId: 's1', action: 'remove', userId: 'ana' });
    }
    // A block between two signed-in people is told to the server when it starts or ends (a mute
    // stays in the browser).
    if (step.event.type === 'live.ignore') {
      const whom = (step.event as unknown as { userId: string }).userId;
      const blocked = snapshot.context.ignored[whom] === 'block';
      const changed = (ignoredBefore[whom] === 'block') !== blocked;
      expect(visit.shared.slice(sharedBefore)).toEqual(
        changed && snapshot.context.userId === 'me' ? [{ userId: whom, blocked }] : [],
      );
    } else expect(visit.shared).toHaveLength(sharedBefore);
    lastInstance = snapshot.context.instanceId;
    wasPresent = snapshot.matches('present');
  }
  visit.actor.stop();
  expect(visit.released()).toBe(1);
});

describe('live visit machine', () => {
  it('tells the voice where the others are, who left, their signals, and sends the speaking bit', async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.done.actor.join', output: entered('1') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    visit.play({ type: 'live.message', target: 'PoseVisitors', args: [[{ ...visitor('ana'), poseId: 7 }]] });
    visit.play({ type: 'live.message', target: 'Poses', args: [posesText] });
    // The visitor's own pose (id 1) is not another's.
    expect(visit.voiceEvents.filter((e) => e.type === 'voice.heard')).toEqual([
      { type: 'voice.heard', others: { ana: { x: 2, z: -3 } } },
    ]);
    const offer = { kind: 'offer', data: 'v=0', from: 'ana', sceneId: 's1', instanceId: '1' };
    visit.play({ type: 'live.message', target: 'VoiceSignal', args: [offer] });
    visit.play({ type: 'live.message', target: 'VoiceSignal', args: [{ kind: 'offer' }] });
    expect(visit.voiceEvents.filter((e) => e.type === 'voice.signal')).toEqual([
      { type: 'voice.signal', signal: offer },
    ]);
    visit.play({ type: 'live.message', target: 'PoseVisitorsLeft', args: [[7]] });
    expect(visit.voiceEvents.at(-1)).toEqual({ type: 'voice.left', userIds: ['ana'] });
    visit.play({ type: 'live.moved', position: [1, 0, 2], yaw: 90 });
    expect(visit.voiceEvents.at(-1)).toEqual({ type: 'voice.moved', self: { x: 1, z: 2, yaw: 90 } });
    visit.actor.send({ type: 'live.speaking', speaking: true });
    expect(visit.poses.at(-1)).toMatchObject({ x: 1, z: 2, speaking: true });
    const sent = visit.poses.length;
    // Said twice, it is sent once.
    visit.actor.send({ type: 'live.speaking', speaking: true });
    expect(visit.poses).toHaveLength(sent);
    visit.actor.send({ type: 'live.speaking', speaking: false });
    expect(visit.poses.at(-1)).toMatchObject({ speaking: false });
    visit.actor.stop();
  });

  it('a space whose communication ACL leaves the visitor out disables voice, and muting someone stops hearing them', async () => {
    const visit = startVisit({ ben: 'mute' });
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.done.actor.join', output: entered('2', false) });
    await waitFor(visit.actor, (s) => s.matches('present'));
    expect(visit.voiceEvents.slice(-2)).toEqual([
      { type: 'voice.ignored', userIds: ['ben'] },
      { type: 'voice.disabled' },
    ]);
    visit.actor.send({ type: 'live.ignore', userId: 'ana', kind: 'mute' });
    expect(visit.voiceEvents.at(-1)).toEqual({ type: 'voice.ignored', userIds: ['ben', 'ana'] });
    visit.play({ type: 'live.offline' });
    expect(visit.voiceEvents.at(-1)).toEqual({ type: 'voice.unavailable' });
    visit.actor.stop();
  });

  it("gives the Event chat what was said at the event before the visitor came, apart from the instance's", async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    visit.play({
      type: 'xstate.done.actor.join',
      output: { ...entered('1'), recentMessages: [fromAna], eventMessages: [atEvent] },
    });
    await waitFor(visit.actor, (s) => s.matches('present'));
    expect(visit.chatEvents.filter((e) => e.type === 'chat.received')).toEqual([
      { type: 'chat.received', message: fromAna },
    ]);
    expect(visit.eventChatEvents.filter((e) => e.type === 'chat.received')).toEqual([
      { type: 'chat.received', message: atEvent },
    ]);
    visit.actor.stop();
  });

  it("gives the chat what was said in the instance before the visitor came, but a muted visitor's", async () => {
    const visit = startVisit({ ben: 'mute' });
    visit.play({ type: 'live.connected' });
    const fromBen = { ...fromAna, id: 'm2', user: { id: 'ben', name: 'BEN', profilePicture: null } };
    visit.play({
      type: 'xstate.done.actor.join',
      output: { ...entered('1'), recentMessages: [fromAna, fromBen] },
    });
    await waitFor(visit.actor, (s) => s.matches('present'));
    expect(visit.chatEvents.filter((e) => e.type === 'chat.received')).toEqual([
      { type: 'chat.received', message: fromAna },
    ]);
    visit.actor.stop();
  });

  it('rejoins the instance it was in after the connection came back', async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.done.actor.join', output: entered('3') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    visit.play({ type: 'live.offline' });
    expect(visit.actor.getSnapshot().value).toBe('offline');
    visit.play({ type: 'live.connected' });
    expect(visit.fakes.calls.filter((c) => c.name === 'join').map((c) => c.input)).toEqual([
      { sceneId: 's1', instanceId: null },
      { sceneId: 's1', instanceId: '3' },
    ]);
    visit.actor.stop();
  });

  it('mutes a visitor for the reader alone: their messages are left out, their avatar stays; it is remembered', async () => {
    // Ben was blocked on an earlier visit; Ana is muted now.
    const visit = startVisit({ ben: 'block' });
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.done.actor.join', output: entered('1') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    visit.play({
      type: 'live.message',
      target: 'PoseVisitors',
      args: [
        [
          { ...visitor('ana'), poseId: 7 },
          { ...visitor('ben'), poseId: 8 },
        ],
      ],
    });
    // Ana picked no avatar: hers follows from her user id, the same on every visit.
    expect(visit.commands.at(-1)).toMatchObject({
      payload: { names: [{ id: 7, name: 'ANA', avatar: formatAvatar(defaultAvatar('ana')) }] },
    });
    visit.actor.send({ type: 'live.ignore', userId: 'ana', kind: 'mute' });
    expect(visit.remembered.at(-1)).toEqual({ ben: 'block', ana: 'mute' });
    const chatBefore = visit.chatEvents.length;
    visit.play({ type: 'live.message', target: 'PublicMessage', args: [fromAna] });
    expect(visit.chatEvents).toHaveLength(chatBefore);
    // Muted, Ana still walks; blocked Ben does not.
    const both = Buffer.from(
      encodePoses([
        { id: 7, x: 1, z: 1, ...still },
        { id: 8, x: 2, z: 2, ...still },
      ]),
    ).toString('base64');
    visit.play({ type: 'live.message', target: 'Poses', args: [both] });
    const shown = (visit.commands.at(-1) as Extract<EngineCommand, { method: 'showAvatars' }>).payload.poses;
    expect(shown.map((p) => p.id)).toEqual([7]);
    // Unmuted, her messages come again; nobody can ignore themselves.
    visit.actor.send({ type: 'live.ignore', userId: 'ana', kind: null });
    visit.play({ type: 'live.message', target: 'PublicMessage', args: [fromAna] });
    expect(visit.chatEvents.at(-1)).toEqual({ type: 'chat.received', message: fromAna });
    visit.actor.send({ type: 'live.ignore', userId: 'me', kind: 'block' });
    expect(visit.actor.getSnapshot().context.ignored).toEqual({ ben: 'block' });
    visit.actor.stop();
  });

  it('hides the visitors the server says this visitor blocked in another browser', async () => {
    let answer!: (ids: string[]) => void;
    const visit = startVisit({ ana: 'mute' }, new Promise((resolve) => (answer = resolve)));
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.done.actor.join', output: entered('1') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    visit.play({
      type: 'live.message',
      target: 'PoseVisitors',
      args: [
        [
          { ...visitor('ana'), poseId: 7 },
          { ...visitor('ben'), poseId: 8 },
        ],
      ],
    });
    answer(['ben', 'ana']);
    await waitFor(visit.actor, (s) => s.context.ignored.ben === 'block');
    expect(visit.actor.getSnapshot().context.ignored).toEqual({ ana: 'block', ben: 'block' });
    const hidden = visit.commands
      .slice(-2)
      .map((c) => (c as Extract<EngineCommand, { method: 'showAvatars' }>).payload.left);
    expect(hidden.flat().sort()).toEqual([7, 8]);
    // Ben's messages no longer reach the chat.
    const chatBefore = visit.chatEvents.length;
    visit.play({
      type: 'live.message',
      target: 'PublicMessage',
      args: [{ ...fromAna, user: { ...fromAna.user, id: 'ben' } }],
    });
    expect(visit.chatEvents).toHaveLength(chatBefore);
    // Nothing was told back to the server: it knew.
    expect(visit.shared).toEqual([]);
    visit.actor.stop();
  });

  it('joins the instance an invitation names first, then the one the server gave', async () => {
    const visit = startVisit({}, undefined, '4');
    visit.play({ type: 'live.connected' });
    expect(visit.fakes.latest('join').input).toEqual({ sceneId: 's1', instanceId: '4' });
    // Full: the server put the visitor in instance 1, which a reconnect asks for.
    visit.play({ type: 'xstate.done.actor.join', output: entered('1') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    visit.play({ type: 'live.offline' });
    visit.play({ type: 'live.connected' });
    expect(visit.fakes.latest('join').input).toEqual({ sceneId: 's1', instanceId: '1' });
    visit.actor.stop();
  });

  it('tells the server of blocks between signed-in people only, as they start and end', async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    // Before the visitor is known (no join yet), a block stays in this browser.
    visit.actor.send({ type: 'live.ignore', userId: 'ana', kind: 'block' });
    visit.actor.send({ type: 'live.ignore', userId: 'ana', kind: null });
    expect(visit.shared).toEqual([]);
    visit.play({ type: 'xstate.done.actor.join', output: entered('1') });
    await waitFor(visit.actor, (s) => s.matches('present'));
    for (const kind of ['mute', 'block', 'block', 'mute', null] as const)
      visit.actor.send({ type: 'live.ignore', userId: 'ana', kind });
    visit.actor.send({ type: 'live.ignore', userId: 'guest-42', kind: 'block' });
    expect(visit.shared).toEqual([
      { userId: 'ana', blocked: true },
      { userId: 'ana', blocked: false },
    ]);
    expect(visit.actor.getSnapshot().context.ignored).toEqual({ 'guest-42': 'block' });
    visit.actor.stop();
  });

  it('keeps the reason of a refusal and stays out', async () => {
    const visit = startVisit();
    visit.play({ type: 'live.connected' });
    visit.play({ type: 'xstate.error.actor.join', error: refused });
    await waitFor(visit.actor, (s) => s.matches('refused'));
    expect(visit.actor.getSnapshot().context.error).toMatch(/No such space/);
    visit.play({ type: 'live.connected' });
    expect(visit.fakes.calls.filter((c) => c.name === 'join')).toHaveLength(1);
    visit.actor.stop();
  });
});
