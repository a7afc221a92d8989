import ky from 'ky';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import viewerFlows from '../../src/app/flows/viewer';
import { ignoredStorageKey } from '../../src/lib/viewerPreferences';

describe('the viewer flows', () => {
  afterEach(() => localStorage.clear());

  it('start a visit with whom this browser remembers the visitor muted or blocked', () => {
    localStorage.setItem(ignoredStorageKey, JSON.stringify({ ana: 'mute', ben: 'block' }));
    const api = ky.create({
      prefixUrl: 'http://localhost/api',
      fetch: () => Promise.reject(new Error('offline')),
    });
    const flows = viewerFlows({ api, token: () => undefined, navigate: () => {}, toasts: () => {} });
    const visit = createActor(flows.liveVisit, { input: { sceneId: 's1' } });
    visit.start();
    expect(visit.getSnapshot().context.ignored).toEqual({ ana: 'mute', ben: 'block' });
    visit.stop();
  });
});
