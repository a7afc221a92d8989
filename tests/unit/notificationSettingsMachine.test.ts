import { describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import type { NotificationSettings } from '../../contracts/notifications';
import { notificationSettingsMachine } from '../../src/machines/notificationSettingsMachine';
import { deferredActors } from '../support/deferredActors';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const refused = { message: 'Something went wrong', status: 500 };
const allOn: NotificationSettings = {
  newFollower: true,
  comment: true,
  reply: true,
  groupInvitation: true,
  districtRequest: true,
};

function startSettings() {
  const fakes = deferredActors();
  const announceFailed = vi.fn();
  const actor = createActor(
    notificationSettingsMachine.provide({
      actors: { load: fakes.deferred('load'), save: fakes.deferred('save') } as never,
      actions: { announceFailed },
    }),
  ).start();
  return { actor, fakes, announceFailed };
}

type SettingsSnapshot = ReturnType<ReturnType<typeof startSettings>['actor']['getSnapshot']>;

const events = (snapshot: SettingsSnapshot): AnyEventObject[] => [
  { type: 'settings.set', kind: 'newFollower', on: false },
  { type: 'settings.set', kind: 'newFollower', on: true },
  { type: 'settings.set', kind: 'comment', on: false },
  { type: 'settings.retry' },
  { type: 'xstate.done.actor.load', output: allOn },
  { type: 'xstate.error.actor.load', error: refused },
  // The server keeps what was asked.
  { type: 'xstate.done.actor.save', output: snapshot.context.settings },
  { type: 'xstate.error.actor.save', error: refused },
];

describe('notificationSettingsMachine (model)', () => {
  const model = createPathModel(notificationSettingsMachine, { events });
  const paths = getTransitionPaths(model);

  it('covers loading, failing, saving and refused changes', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value)));
    expect(reached).toEqual(new Set(['loading', 'failed', 'ready', 'saving']));
  });

  describePaths('replays', paths, (path) => async () => {
    const settings = startSettings();
    for (const step of replaySteps(path)) {
      const before = settings.actor.getSnapshot();
      const saves = settings.fakes.calls.filter((c) => c.name === 'save').length;
      const event = step.event;
      settings.fakes.answer(settings.actor, event);
      await flush();
      const snapshot = settings.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);
      if (event.type === 'settings.set' && before.matches('ready')) {
        const { kind, on } = event as unknown as { kind: keyof NotificationSettings; on: boolean };
        const started = settings.fakes.calls.filter((c) => c.name === 'save');
        if (before.context.settings![kind] !== on) {
          // A switch shows at once and saves only what changed.
          expect(snapshot.context.settings![kind]).toBe(on);
          expect(started.at(-1)!.input).toEqual({ [kind]: on });
        } else expect(started).toHaveLength(saves);
      }
      if (event.type === 'xstate.error.actor.save') {
        // A refused change goes back to what was saved, and says so.
        expect(snapshot.context.settings).toEqual(before.context.saved);
        expect(settings.announceFailed).toHaveBeenCalled();
      }
    }
  });
});
