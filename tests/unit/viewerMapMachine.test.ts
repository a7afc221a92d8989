import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { EngineCommand, EngineEvent } from '../../src/engine/protocol';
import { type MapWalk, pollMs, viewerMapMachine, walkTimeoutMs } from '../../src/machines/viewerMapMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const camera = (x: number, z: number, levelId: string | null = 'ground'): EngineEvent => ({
  type: 'cameraState',
  position: [x, 1.6, z],
  yaw: 90,
  pitch: 0,
  levelId,
});
const reported = (event: EngineEvent) => ({ type: 'engine.reported' as const, event });
const toArtwork: MapWalk = { levelId: 'upper', position: [4, 5.6, -2], yaw: -30 };
const requestCamera: EngineCommand = { channel: 'Core', method: 'requestCameraState', payload: {} };
const poll = { type: 'xstate.after.poll.viewerMap.poll.waiting' };
const timeout = { type: 'xstate.after.walkTimeout.viewerMap.walk.walking' };

function startMap() {
  const commands: EngineCommand[] = [];
  const actor = createActor(
    viewerMapMachine.provide({
      actions: { sendCommand: (_, params: { command: EngineCommand }) => void commands.push(params.command) },
    }),
  );
  actor.start();
  return { actor, commands };
}

const events = (): AnyEventObject[] => [
  reported(camera(0, 0)),
  reported(camera(4, -2, 'upper')),
  reported({ type: 'loaded' }),
  { type: 'level.chosen', levelId: 'upper' },
  { type: 'level.chosen', levelId: null },
  { type: 'walk.requested', walk: toArtwork },
  poll,
  timeout,
];

describe('viewerMapMachine (model)', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());
  const model = createPathModel(viewerMapMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers every state and event', () => {
    const steps = paths.flatMap((path) => path.steps);
    const types = new Set(steps.map((step) => step.event.type));
    for (const event of events()) expect(types).toContain(event.type);
  });

  describePaths('replays', paths, (path) => async () => {
    const { actor, commands } = startMap();
    // Opening the map asks the engine where the visitor is.
    expect(commands).toEqual([requestCamera]);
    for (const step of replaySteps(path)) {
      const before = commands.length;
      if (step.event.type === poll.type) {
        await vi.advanceTimersByTimeAsync(pollMs - 1);
        expect(commands).toHaveLength(before);
        await vi.advanceTimersByTimeAsync(1);
        expect(commands.slice(before)).toEqual([requestCamera]);
      } else if (step.event.type === timeout.type) {
        await vi.advanceTimersByTimeAsync(walkTimeoutMs);
      } else {
        actor.send(step.event as never);
        const sent = commands.slice(before);
        // Every walk asked for is one teleport to its target, facing the way asked (as 0–360).
        if (step.event.type === 'walk.requested') {
          expect(sent).toEqual([
            { channel: 'Viewer', method: 'teleport', payload: { position: [4, 5.6, -2], rotation: 330 } },
          ]);
        } else {
          expect(sent).toEqual([]);
        }
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
    }
    actor.stop();
  });
});

describe('viewerMapMachine', () => {
  it('follows the visitor and ends a walk when the engine reports the visitor there', () => {
    const { actor } = startMap();
    actor.send(reported(camera(0, 0)));
    expect(actor.getSnapshot().context.pose).toMatchObject({ x: 0, z: 0, levelId: 'ground' });
    actor.send({ type: 'level.chosen', levelId: 'upper' });
    actor.send({ type: 'walk.requested', walk: toArtwork });
    expect(actor.getSnapshot().matches({ walk: 'walking' })).toBe(true);
    // Walking shows the visitor's level again.
    expect(actor.getSnapshot().context.chosenLevelId).toBeNull();
    actor.send(reported(camera(0, 0)));
    expect(actor.getSnapshot().matches({ walk: 'walking' })).toBe(true);
    actor.send(reported(camera(4.2, -2.1, 'upper')));
    expect(actor.getSnapshot().matches({ walk: 'still' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ walk: null, pose: { x: 4.2, levelId: 'upper' } });
  });
});
