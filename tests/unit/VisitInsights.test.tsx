import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../src/i18n';
import type { EngineEvent } from '../../src/engine/protocol';
import { VisitInsights } from '../../src/views/viewer/VisitInsights';
import { json, renderInApp } from '../support/spa';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  setVisibility('visible');
  vi.unstubAllGlobals();
});

describe('VisitInsights', () => {
  it('reports the visit from a share link, what it opens and its time when the page is hidden', async () => {
    const started: unknown[] = [];
    const fetch = async (request: Request) => {
      if (request.method === 'POST' && new URL(request.url).pathname === '/api/insightsService/events') {
        started.push(await request.json());
        return json({ visitId: 'v1' });
      }
      return json({});
    };
    const beacons: { url: string; body: unknown }[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (url: string, body: string) => (beacons.push({ url, body: JSON.parse(body) }), true),
    });
    const listeners = new Set<(event: EngineEvent) => void>();
    const onEngineEvent = (listener: (event: EngineEvent) => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    };
    const emit = (event: EngineEvent) => listeners.forEach((listener) => listener(event));

    await renderInApp(<VisitInsights sceneId="s1" embed={false} loaded onEngineEvent={onEngineEvent} />, {
      fetch,
      path: '/viewer/s1?from=share',
    });
    await waitFor(() => expect(started).toEqual([{ type: 'visit.started', sceneId: 's1', source: 'share' }]));
    await waitFor(() => expect(listeners.size).toBe(1));

    emit({ type: 'infoPointOpened', id: 'i1', title: 'About', text: 'Hello' });
    emit({ type: 'infoPointOpened', id: 'i1', title: 'About', text: 'Hello' });
    emit({ type: 'artworkFocused', objectId: 'picture-0' });
    await waitFor(() => expect(beacons).toHaveLength(2));
    setVisibility('hidden');

    expect(beacons.map((b) => b.url)).toEqual([
      '/api/insightsService/events',
      '/api/insightsService/events',
      '/api/insightsService/events',
    ]);
    expect(beacons.map((b) => b.body)).toEqual([
      { type: 'object.opened', visitId: 'v1', kind: 'infoPoint', objectId: 'i1' },
      { type: 'object.opened', visitId: 'v1', kind: 'artwork', objectId: 'picture-0' },
      { type: 'visit.ended', visitId: 'v1', seconds: expect.any(Number) },
    ]);
    // Only the start went through the API: nothing else was fetched.
    expect(started).toHaveLength(1);
  });

  it("reports nothing more of the owner's own visit, which the server does not count", async () => {
    let starts = 0;
    const fetch = async () => (starts++, new Response(null, { status: 204 }));
    const beacons: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      sendBeacon: (_url: string, body: string) => (beacons.push(body), true),
    });
    let listener: ((event: EngineEvent) => void) | undefined;
    await renderInApp(
      <VisitInsights
        sceneId="s1"
        embed={false}
        loaded
        onEngineEvent={(l) => ((listener = l), () => (listener = undefined))}
      />,
      { fetch, path: '/viewer/s1' },
    );
    await waitFor(() => expect(starts).toBe(1));
    await waitFor(() => expect(listener).toBeDefined());
    await new Promise((resolve) => setTimeout(resolve, 0));
    listener!({ type: 'artworkFocused', objectId: 'picture-0' });
    setVisibility('hidden');
    expect(beacons).toEqual([]);
  });
});
