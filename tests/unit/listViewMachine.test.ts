import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { EngineCommand } from '../../src/engine/protocol';
import { listViewMachine, type ListViewSnapshot } from '../../src/machines/listViewMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const viewpoint = { position: [1, 1.6, 2] as [number, number, number], yaw: 90 };

const events = (): AnyEventObject[] => [
  { type: 'list.open' },
  { type: 'list.close' },
  { type: 'list.showInSpace', itemId: 'p1', viewpoint },
  { type: 'list.showInSpace', itemId: 'p2', viewpoint: { position: [0, 1.6, 0], yaw: 0 } },
  { type: 'engine.webglUnavailable' },
];

/** The machine with a fake engine that records the commands it is given. */
function startListView() {
  const commands: EngineCommand[] = [];
  const actor = createActor(
    listViewMachine.provide({ actions: { sendCommand: (_, { command }) => void commands.push(command) } }),
  ).start();
  return { actor, commands };
}

describe('listViewMachine (model)', () => {
  const model = createPathModel(listViewMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers every state and every event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect([...new Set(steps.map((step) => step.state.value))].sort()).toEqual([
      'closed',
      'open',
      'unavailable',
    ]);
    expect([...new Set(steps.map((step) => step.event.type))].sort()).toEqual([
      'engine.webglUnavailable',
      'list.close',
      'list.open',
      'list.showInSpace',
      'xstate.init',
    ]);
  });

  describePaths('replays', paths, (path) => () => {
    const { actor, commands } = startListView();
    for (const step of replaySteps(path)) {
      const before = actor.getSnapshot();
      const sent = commands.length;
      actor.send(step.event as never);
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual((step.state as ListViewSnapshot).context);
      // The list shows while open, and for good once the browser cannot draw the space.
      expect(snapshot.hasTag('visible')).toBe(!snapshot.matches('closed'));
      if (before.matches('unavailable')) expect(snapshot.matches('unavailable')).toBe(true);
      const shown = step.event.type === 'list.showInSpace' && before.matches('open');
      if (shown) {
        // Any tour ends, then the visitor stands at the work's viewpoint, facing it; the list closes
        // and will open on that work.
        const { itemId, viewpoint: to } = step.event as Extract<AnyEventObject, { type: string }> & {
          itemId: string;
          viewpoint: typeof viewpoint;
        };
        expect(commands.slice(sent)).toEqual([
          { channel: 'Viewer', method: 'stopGuidedTour', payload: {} },
          { channel: 'Viewer', method: 'teleport', payload: { position: to.position, rotation: to.yaw } },
        ]);
        expect(snapshot.matches('closed')).toBe(true);
        expect(snapshot.context.itemId).toBe(itemId);
      } else {
        // Nothing else moves the visitor.
        expect(commands).toHaveLength(sent);
      }
    }
  });
});

describe('listViewMachine', () => {
  it('opens again on the work last shown in the space', () => {
    const { actor } = startListView();
    actor.send({ type: 'list.open' });
    actor.send({ type: 'list.showInSpace', itemId: 'p2', viewpoint });
    actor.send({ type: 'list.open' });
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.itemId).toBe('p2');
  });

  it('keeps the list when WebGL fails, and cannot walk anyone into a space that is not drawn', () => {
    const { actor, commands } = startListView();
    actor.send({ type: 'engine.webglUnavailable' });
    actor.send({ type: 'list.close' });
    actor.send({ type: 'list.showInSpace', itemId: 'p1', viewpoint });
    expect(actor.getSnapshot().matches('unavailable')).toBe(true);
    expect(commands).toEqual([]);
  });
});
