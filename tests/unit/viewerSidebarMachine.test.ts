import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor } from 'xstate';
import {
  type ViewerSidebarEvent,
  type ViewerSidebarInput,
  viewerSidebarMachine,
} from '../../src/machines/viewerSidebarMachine';
import { createPathModel, describePaths, getTransitionPaths, replaySteps } from '../support/machinePaths';

const input: ViewerSidebarInput = { panels: ['info', 'share', 'settings'], small: false };

/** The sidebar, with the panels it told the view were closed (the view then focuses their buttons). */
function startSidebar(start: ViewerSidebarInput = input) {
  const closed: string[] = [];
  const actor = createActor(viewerSidebarMachine, { input: start });
  actor.on('panel.closed', ({ panel }) => void closed.push(panel));
  actor.start();
  return { actor, closed };
}

// 'more' is not offered by this viewer (an embed leaves it out): opening it is refused.
const events = (): AnyEventObject[] => [
  { type: 'panel.open', panel: 'info' },
  { type: 'panel.open', panel: 'more' },
  { type: 'panel.toggle', panel: 'info' },
  { type: 'panel.toggle', panel: 'share' },
  { type: 'panel.close' },
  { type: 'panel.escape' },
  { type: 'screen.changed', small: true },
  { type: 'screen.changed', small: false },
];

describe('viewerSidebarMachine (model)', () => {
  const model = createPathModel(viewerSidebarMachine, { events, input });

  describePaths('replays', getTransitionPaths(model), (path) => () => {
    const sidebar = startSidebar();
    for (const step of replaySteps(path)) {
      const before = sidebar.actor.getSnapshot();
      const closedBefore = sidebar.closed.length;
      const event = step.event as ViewerSidebarEvent;
      sidebar.actor.send(event);
      const snapshot = sidebar.actor.getSnapshot();
      expect(snapshot.value).toEqual(step.state.value);
      expect(snapshot.context).toEqual(step.state.context);

      // One panel at most, and only one this viewer offers.
      if (snapshot.context.panel !== null) expect(input.panels).toContain(snapshot.context.panel);
      expect(snapshot.matches('open')).toBe(snapshot.context.panel !== null);
      // Opening a panel shows that one (another panel's content is replaced, not stacked).
      if (event.type === 'panel.open' && input.panels.includes(event.panel))
        expect(snapshot.context.panel).toBe(event.panel);
      // Toggling the open panel's button closes it; another button switches to that panel.
      if (event.type === 'panel.toggle')
        expect(snapshot.context.panel).toBe(before.context.panel === event.panel ? null : event.panel);
      // Escape and Close close the sidebar.
      if (event.type === 'panel.escape' || event.type === 'panel.close')
        expect(snapshot.matches('closed')).toBe(true);
      // Forced closed when the screen turns small (or large again).
      if (event.type === 'screen.changed' && event.small !== before.context.small) {
        expect(snapshot.matches('closed')).toBe(true);
        expect(snapshot.context.small).toBe(event.small);
      }
      // Every closing of an open panel tells the view which one, so its button gets the focus back.
      if (before.context.panel !== null && snapshot.context.panel === null)
        expect(sidebar.closed.slice(closedBefore)).toEqual([before.context.panel]);
      else expect(sidebar.closed.length).toBe(closedBefore);
    }
  });
});

describe('viewerSidebarMachine', () => {
  it('starts closed on a phone and opens its panels as on a desktop', () => {
    const sidebar = startSidebar({ panels: ['info', 'share'], small: true });
    expect(sidebar.actor.getSnapshot().matches('closed')).toBe(true);
    sidebar.actor.send({ type: 'panel.toggle', panel: 'share' });
    expect(sidebar.actor.getSnapshot().context).toMatchObject({ panel: 'share', small: true });
  });

  it('leaves an open panel open when the screen size reported does not change', () => {
    const sidebar = startSidebar();
    sidebar.actor.send({ type: 'panel.open', panel: 'settings' });
    sidebar.actor.send({ type: 'screen.changed', small: false });
    expect(sidebar.actor.getSnapshot().context.panel).toBe('settings');
    expect(sidebar.closed).toEqual([]);
  });
});
