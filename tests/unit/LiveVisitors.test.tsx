import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { LiveVisitActor } from '../../src/machines/liveVisitMachine';
import { LiveVisitors } from '../../src/views/viewer/LiveVisitors';
import { renderInApp } from '../support/spa';

const visitor = (name: string) => ({ userId: name.toLowerCase(), name, profilePicture: null });

/** A visit in `state` with `count` visitors in the space, `visitors` in the instance. */
const visit = (state: string, count: number, visitors = [visitor('Ana'), visitor('Ben'), visitor('Cai')]) =>
  createActor(
    createMachine({
      id: 'liveVisit',
      context: { sceneId: 's1', instanceId: '1', visitors, count, communication: true, error: null },
      initial: state,
      states: { present: {}, offline: {}, refused: {} },
    }),
  ).start() as unknown as LiveVisitActor;

describe('live visitors of the viewer', () => {
  it('shows two avatars and how many more are in the space', async () => {
    await renderInApp(<LiveVisitors visit={visit('present', 5)} />);
    const row = await screen.findByRole('group', { name: 'Live visitors: 5' });
    expect(row.querySelectorAll('.MuiAvatar-root')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Ana' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Ben' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Cai' })).toBeNull();
    expect(row.textContent).toContain('+3');
  });

  it('shows nothing to a visitor who is alone, or not present', async () => {
    const alone = await renderInApp(<LiveVisitors visit={visit('present', 1, [visitor('Ana')])} />);
    expect(alone.rendered.container.textContent).toBe('');
    alone.rendered.unmount();
    const offline = await renderInApp(<LiveVisitors visit={visit('offline', 5)} />);
    expect(offline.rendered.container.textContent).toBe('');
  });
});
