import { waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, InspectionEvent } from 'xstate';
import '../../src/i18n';
import type { SessionProfile, SessionUser } from '../../src/machines/sessionMachine';
import { type ActorNode, actorTreeOf } from '../../src/lib/actorTree';
import { noEngineBuild } from '../../src/services/engineBuilds';
import { WalletPage } from '../../src/views/commerce/WalletPage';
import { EditorPage } from '../../src/views/pages/editor';
import { json, renderInApp } from '../support/spa';

// The engine's code and its build lookup stay out of a DOM without WebGL.
vi.mock('../../src/engine/host/webEngine', () => ({ startWebEngine: vi.fn(() => new Promise(() => {})) }));
vi.mock('../../src/services/engineBuilds', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/engineBuilds')>()),
  lookupEngineBuild: vi.fn(async () => noEngineBuild),
}));

const user: SessionUser = { userId: 'u1', name: 'Alice', roles: ['free-user'], accessToken: 't' };
const profile: SessionProfile = { userId: 'u1', name: 'Alice', searchable: true, autoSave: true };

/** The scene service of a new space: another draft is allowed. */
const server = (request: Request) =>
  new URL(request.url).pathname === '/api/sceneService/scene/metadata/draftsLimit'
    ? json({ allowed: true, drafts: 0, limit: 3 })
    : json({ code: 'NOT_FOUND', message: 'Not found' }, 404);

/** The chain of parents of an actor, up to the root. */
function ancestry(actor: AnyActorRef): string[] {
  const ids: string[] = [];
  for (let at: AnyActorRef | undefined = actor; at; at = (at as { _parent?: AnyActorRef })._parent)
    ids.push(at.id);
  return ids;
}

describe('the app’s one actor system', () => {
  it('holds every flow of a mounted editor page, under the root, and lets them go with the page', async () => {
    const inspected = new Set<AnyActorRef>();
    const { app, rendered } = await renderInApp(<EditorPage />, {
      user,
      profile,
      fetch: server,
      path: '/curate',
      ports: {
        inspect: (event: InspectionEvent) => {
          if (event.type === '@xstate.actor') inspected.add(event.actorRef as AnyActorRef);
        },
      },
    });
    const { system } = app.root;
    await waitFor(() => expect(system.get('save')).toBeDefined());
    const ids = ['session', 'toasts', 'notifications', 'engine', 'editorPage', 'save', 'autosave'];
    for (const id of ids) {
      const actor = system.get(id);
      expect(actor, id).toBeDefined();
      // One tree: every actor descends from the root, and the inspector is told of each.
      expect(ancestry(actor as AnyActorRef).at(-1)).toBe(app.root.id);
      expect(inspected.has(actor as AnyActorRef), id).toBe(true);
    }
    expect(ancestry(system.get('autosave') as AnyActorRef)).toEqual(
      expect.arrayContaining(['autosave', 'save', system.get('editorPage')!.id]),
    );

    rendered.unmount();
    for (const id of ['engine', 'editorPage', 'save', 'autosave']) expect(system.get(id), id).toBeUndefined();
    for (const id of ['session', 'toasts', 'notifications']) expect(system.get(id), id).toBeDefined();
  });
});

describe('leaving a page', () => {
  it('aborts the requests its flows still wait for', async () => {
    const requests: Request[] = [];
    // A server that never answers: every request waits until it is given up.
    const hanging = (request: Request) => {
      requests.push(request);
      return new Promise<Response>(() => {});
    };
    const { rendered } = await renderInApp(<WalletPage />, {
      user,
      profile,
      fetch: hanging,
      path: '/wallet',
    });
    await waitFor(() =>
      expect(requests.map((r) => new URL(r.url).pathname)).toContain('/api/marketplaceService/wallet'),
    );
    expect(requests.every((r) => !r.signal.aborted)).toBe(true);
    rendered.unmount();
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const request of requests) expect(request.signal.aborted, new URL(request.url).pathname).toBe(true);
  });
});

describe('the actor tree of ?inspect', () => {
  it('shows every running actor under the root with its system id, machine and state', async () => {
    const { app } = await renderInApp(<EditorPage />, { user, profile, fetch: server, path: '/curate' });
    await waitFor(() => expect(app.root.system.get('save')).toBeDefined());
    const tree = actorTreeOf(app.root);
    const flat: ActorNode[] = [];
    const walk = (node: ActorNode) => {
      flat.push(node);
      node.children.forEach(walk);
    };
    walk(tree);
    const bySystemId = Object.fromEntries(flat.filter((n) => n.systemId).map((n) => [n.systemId, n]));
    expect(Object.keys(bySystemId)).toEqual(
      expect.arrayContaining([
        'session',
        'toasts',
        'notifications',
        'engine',
        'editorPage',
        'save',
        'autosave',
      ]),
    );
    expect(bySystemId.editorPage.logic).toBe('editorPage');
    expect(bySystemId.save.state).toBe('loading');
    expect(bySystemId.editorPage.children.map((c: ActorNode) => c.systemId)).toEqual(
      expect.arrayContaining(['save', 'editorPanel']),
    );
  });
});
