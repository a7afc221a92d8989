import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback } from 'xstate';
import type { VoiceConfig, VoiceSignalReceived } from '../../contracts/voice';
import { nearestPeers } from '../../src/lib/voicePeers';
import {
  type ConnectionsEvent,
  transmitting,
  voiceMachine,
  voiceMessages,
  type VoiceContext,
  voicePanelView,
} from '../../src/machines/voiceMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const config: VoiceConfig = { mode: 'p2p', iceServers: [], maxPeers: 2 };
/** The fake microphone's stream (plain data, so that the model can compare contexts). */
const stream = { id: 'microphone' };
const refused = new DOMException('Permission denied', 'NotAllowedError');
const signal = (from: string): VoiceSignalReceived => ({
  kind: 'offer',
  data: 'v=0',
  from,
  sceneId: 's1',
  instanceId: '1',
});

/** The voice machine with fake actors, and what its connections and the parent were told. */
function startVoice() {
  const fakes = deferredActors();
  const told: ConnectionsEvent[][] = [];
  const spoken: boolean[] = [];
  const stopped: unknown[] = [];
  const declined: string[] = [];
  const actor = createActor(
    voiceMachine.provide({
      actors: {
        config: fakes.deferred('config'),
        microphone: fakes.deferred('microphone'),
        connections: fromCallback<ConnectionsEvent>(({ receive }) => {
          const mine: ConnectionsEvent[] = [];
          told.push(mine);
          receive((event) => mine.push(event));
          return () => {};
        }),
      } as never,
      actions: {
        reportSpeaking: (_, { speaking }) => void spoken.push(speaking),
        stopStream: (_, { stream: s }) => void stopped.push(s),
        decline: (_, { userId }) => void declined.push(userId),
      },
    }),
    { input: {} },
  ).start();
  return {
    actor,
    fakes,
    told,
    spoken,
    stopped,
    declined,
    play: (event: AnyEventObject) => fakes.answer(actor, event),
    /** What the connections started last were told, of one type. */
    last: <T extends ConnectionsEvent['type']>(type: T) =>
      told
        .at(-1)
        ?.filter((e): e is Extract<ConnectionsEvent, { type: T }> => e.type === type)
        .at(-1),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// The life of voice and the microphone: present or not, settings read or not, the microphone
// given, refused, switched and turned off; and what the visitor sets meanwhile.
const lifecycle = createPathModel(voiceMachine, {
  input: {},
  events: (snapshot) => [
    { type: 'voice.available', userId: 'me' },
    { type: 'voice.disabled' },
    { type: 'voice.unavailable' },
    { type: 'xstate.done.actor.config', output: config },
    { type: 'xstate.error.actor.config', error: new Error('offline') },
    { type: 'voice.enable' },
    { type: 'voice.disable' },
    { type: 'xstate.done.actor.microphone', output: stream },
    { type: 'xstate.error.actor.microphone', error: refused },
    // What the visitor sets matters while the microphone is on: tried there only, to keep the
    // model small (the examples below set them elsewhere).
    ...(snapshot.matches({ active: { joined: 'on' } })
      ? [
          { type: snapshot.context.pressing ? 'voice.release' : 'voice.press' },
          { type: snapshot.context.muted ? 'voice.unmute' : 'voice.mute' },
          { type: 'voice.mode', mode: snapshot.context.mode === 'openMic' ? 'pushToTalk' : 'openMic' },
          ...(snapshot.context.deviceId === null ? [{ type: 'voice.device', deviceId: 'usb' }] : []),
        ]
      : []),
  ],
});

describePaths(
  'voice machine: microphone and settings (model)',
  getTransitionPaths(lifecycle),
  (path) => async () => {
    const voice = startVoice();
    let streams = 0;
    for (const step of replaySteps(path)) {
      const before = voice.actor.getSnapshot();
      voice.play(step.event);
      await settle();
      const snapshot = voice.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      if (
        step.event.type === 'xstate.done.actor.microphone' &&
        before.matches({ active: { joined: 'asking' } })
      )
        streams++;
      const active = snapshot.matches('active');
      // The parent always knows whether the visitor is heard: only while active, with the
      // microphone on, not muted, and the key held or the microphone open.
      expect(voice.spoken.at(-1) ?? false).toBe(active && transmitting(snapshot.context));
      if (snapshot.matches({ active: 'joined' })) {
        // The connections hear the microphone, and send it exactly when the visitor is heard.
        expect(voice.last('connections.stream')?.stream ?? null).toEqual(snapshot.context.stream);
        expect(voice.last('connections.transmit')?.on ?? false).toBe(transmitting(snapshot.context));
      }
      // Every stream the microphone gave is stopped once it is not used any more.
      expect(voice.stopped.length).toBe(streams - (snapshot.context.stream ? 1 : 0));
      // A microphone is asked for with the device chosen.
      if (
        snapshot.matches({ active: { joined: 'asking' } }) &&
        !before.matches({ active: { joined: 'asking' } })
      )
        expect(voice.fakes.latest('microphone').input).toEqual({ deviceId: snapshot.context.deviceId });
      if (snapshot.matches({ active: 'denied' }))
        expect(snapshot.context.error).toBe(voiceMessages.microphone);
      if (snapshot.matches('disabled')) expect(snapshot.context.error).toBe(voiceMessages.disabled);
      if (snapshot.matches({ active: { joined: 'on' } }) || snapshot.matches({ active: 'off' }))
        expect(snapshot.context.error).toBeNull();
      // The panel says the microphone is on exactly while a stream is held, and voice disabled
      // exactly with the ACL's message.
      const view = voicePanelView(snapshot);
      expect(view === 'on').toBe(snapshot.context.stream !== null);
      expect(view === 'disabled').toBe(snapshot.context.error === voiceMessages.disabled);
    }
    voice.actor.stop();
  },
);

const spots = { a: { x: 1, z: 0 }, b: { x: 0, z: 3 }, c: { x: 10, z: 0 } };

// Whom the visitor talks with: the nearest two of three, as they move, leave and are ignored.
const peers = createPathModel(voiceMachine, {
  input: {},
  events: (snapshot) =>
    snapshot.matches({ active: 'joined' })
      ? [
          { type: 'voice.moved', self: { x: 0, z: 0, yaw: 0 } },
          { type: 'voice.moved', self: { x: 9, z: 0, yaw: 90 } },
          ...(Object.keys(snapshot.context.others).length === 0
            ? [{ type: 'voice.heard', others: spots }]
            : []),
          ...(snapshot.context.others.c ? [{ type: 'voice.left', userIds: ['c'] }] : []),
          { type: 'voice.ignored', userIds: snapshot.context.ignored.length ? [] : ['a'] },
          { type: 'voice.signal', signal: signal('a') },
        ]
      : [
          { type: 'voice.available', userId: 'me' },
          { type: 'xstate.done.actor.config', output: config },
          // Peers only for a visitor who joined (turned the microphone on).
          { type: 'voice.enable' },
        ],
});

describePaths('voice machine: peers (model)', getTransitionPaths(peers), (path) => async () => {
  const voice = startVoice();
  for (const step of replaySteps(path)) {
    const before = voice.actor.getSnapshot();
    const toldBefore = voice.told.at(-1)?.length ?? 0;
    voice.play(step.event);
    await settle();
    const snapshot = voice.actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    if (!snapshot.matches({ active: 'joined' })) continue;
    const { context } = snapshot as { context: VoiceContext };
    // The peers are the nearest two within range, never the ignored, and the connections know them.
    if (context.self) {
      const hearable = Object.fromEntries(
        Object.entries(context.others).filter(([id]) => !context.ignored.includes(id)),
      );
      const fresh = nearestPeers({ self: context.self, others: hearable, current: [], max: config.maxPeers });
      // Hysteresis may keep an old peer; without it the choice is the nearest.
      expect(context.peers.length).toBe(fresh.length);
      expect(context.peers.every((id) => hearable[id])).toBe(true);
    } else expect(context.peers).toEqual([]);
    expect(voice.last('connections.peers')?.userIds ?? []).toEqual(context.peers);
    const newly = voice.told.at(-1)!.slice(toldBefore);
    // Told only when the choice changed.
    if (newly.some((e) => e.type === 'connections.peers'))
      expect(context.peers).not.toEqual(before.context.peers);
    // Each peer's voice is placed where they stand.
    const place = newly.find((e) => e.type === 'connections.place');
    if (place) expect(Object.keys(place.peers).sort()).toEqual(context.peers);
    // An ignored visitor's signals never reach the connections.
    if (step.event.type === 'voice.signal')
      expect(newly.some((e) => e.type === 'connections.signal')).toBe(!context.ignored.includes('a'));
  }
  voice.actor.stop();
});

describe('voice machine', () => {
  async function activeVoice() {
    const voice = startVoice();
    voice.actor.send({ type: 'voice.available', userId: 'me' });
    voice.fakes.latest('config').resolve(config);
    await settle();
    return voice;
  }

  it('asks for the microphone again after a reconnect, once it was on', async () => {
    const voice = await activeVoice();
    voice.actor.send({ type: 'voice.enable' });
    voice.fakes.latest('microphone').resolve(stream);
    await settle();
    voice.actor.send({ type: 'voice.unavailable' });
    expect(voice.stopped).toEqual([stream]);
    voice.actor.send({ type: 'voice.available', userId: 'me' });
    voice.fakes.latest('config').resolve(config);
    await settle();
    expect(voice.actor.getSnapshot().matches({ active: { joined: 'asking' } })).toBe(true);
    // Turned off, it stays off the next time.
    voice.actor.send({ type: 'voice.disable' });
    voice.actor.send({ type: 'voice.available', userId: 'me' });
    voice.fakes.latest('config').resolve(config);
    await settle();
    expect(voice.actor.getSnapshot().matches({ active: 'off' })).toBe(true);
  });

  it('push to talk: heard while the key is held, not when muted; open mic: always', async () => {
    const voice = await activeVoice();
    voice.actor.send({ type: 'voice.enable' });
    voice.fakes.latest('microphone').resolve(stream);
    await settle();
    expect(voice.spoken.at(-1)).toBe(false);
    voice.actor.send({ type: 'voice.press' });
    expect(voice.spoken.at(-1)).toBe(true);
    voice.actor.send({ type: 'voice.mute' });
    expect(voice.spoken.at(-1)).toBe(false);
    voice.actor.send({ type: 'voice.unmute' });
    voice.actor.send({ type: 'voice.release' });
    expect(voice.last('connections.transmit')).toEqual({ type: 'connections.transmit', on: false });
    voice.actor.send({ type: 'voice.mode', mode: 'openMic' });
    expect(voice.last('connections.transmit')).toEqual({ type: 'connections.transmit', on: true });
  });

  it('keeps settings made before the visitor is in a space', async () => {
    const voice = startVoice();
    voice.actor.send({ type: 'voice.mode', mode: 'openMic' });
    voice.actor.send({ type: 'voice.device', deviceId: 'usb' });
    voice.actor.send({ type: 'voice.moved', self: { x: 0, z: 0, yaw: 0 } });
    voice.actor.send({ type: 'voice.heard', others: { a: { x: 1, z: 1 } } });
    expect(voice.told).toHaveLength(0);
    voice.actor.send({ type: 'voice.available', userId: 'me' });
    voice.fakes.latest('config').resolve(config);
    await settle();
    // Nobody is connected until the visitor turns the microphone on.
    expect(voice.told).toHaveLength(0);
    voice.actor.send({ type: 'voice.enable' });
    await settle();
    // Then the peers already known are chosen.
    expect(voice.last('connections.peers')).toEqual({ type: 'connections.peers', userIds: ['a'] });
    expect(voice.fakes.latest('microphone').input).toEqual({ deviceId: 'usb' });
    voice.fakes.latest('microphone').resolve(stream);
    await settle();
    expect(voice.spoken.at(-1)).toBe(true);
  });

  it('declines an offer while the microphone is off, and passes it on once in voice', async () => {
    const voice = await activeVoice();
    voice.actor.send({ type: 'voice.signal', signal: signal('a') });
    voice.actor.send({ type: 'voice.signal', signal: { ...signal('a'), kind: 'candidate' } });
    expect(voice.declined).toEqual(['a']);
    voice.actor.send({ type: 'voice.enable' });
    await settle();
    voice.actor.send({ type: 'voice.signal', signal: signal('b') });
    expect(voice.declined).toEqual(['a']);
    expect(voice.last('connections.signal')).toEqual({ type: 'connections.signal', signal: signal('b') });
  });

  it('never chooses the visitor themselves', async () => {
    const voice = await activeVoice();
    voice.actor.send({ type: 'voice.enable' });
    await settle();
    voice.actor.send({ type: 'voice.moved', self: { x: 0, z: 0, yaw: 0 } });
    voice.actor.send({ type: 'voice.heard', others: { me: { x: 0, z: 0 }, a: { x: 5, z: 0 } } });
    expect(voice.actor.getSnapshot().context.peers).toEqual(['a']);
  });
});
