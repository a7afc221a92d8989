import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptySceneContent } from '../../contracts/sceneContent';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { json, startTestApp } from '../support/spa';

const user: SessionUser = { userId: 'u2', name: 'Bob', roles: ['free-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'u2', name: 'Bob', searchable: true, autoSave: true };

/** A published space s1 as the scene service serves it, and every call the app makes. */
function fakeServer() {
  const calls: string[] = [];
  const fetch = (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\//, '');
    calls.push(`${request.method} ${path}`);
    if (path === 'sceneService/publishedscene/metadata/s1')
      return json({ sceneId: 's1', title: 'Harbour', state: 'Published' });
    if (path === 'sceneService/publishedscene/content/s1') return json(emptySceneContent());
    if (path === 'sceneService/publishedscene/s1/view') return json({ views: 1, counted: true });
    if (path === 'socialService/history/s1') return new Response(null, { status: 204 });
    return json({ code: 'NOT_FOUND', message: 'No' }, 404);
  };
  return { fetch, calls };
}

async function openViewer(signedIn: boolean) {
  const server = fakeServer();
  const { app } = await startTestApp({ fetch: server.fetch, ...(signedIn ? { user, profile } : {}) });
  app.root.send({
    type: 'flow.entered',
    flow: 'viewerPage',
    id: 'page',
    input: { sceneId: 's1', draft: false },
  });
  await waitFor(() => expect(server.calls).toContain('POST sceneService/publishedscene/s1/view'));
  return server;
}

describe('the viewer and history', () => {
  it('keeps a published space a signed-in visitor opens in their history', async () => {
    const server = await openViewer(true);
    await waitFor(() => expect(server.calls).toContain('POST socialService/history/s1'));
  });

  it('keeps no history for a visitor who is not signed in', async () => {
    const server = await openViewer(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls.filter((c) => c.startsWith('POST socialService'))).toEqual([]);
  });
});
