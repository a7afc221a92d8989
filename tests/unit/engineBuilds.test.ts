import { describe, expect, it, vi } from 'vitest';
import { engineBuildOf } from '../../contracts/engineBuilds';
import { createApi } from '../../src/services/api';
import { lookupEngineBuild, noEngineBuild, unityPlayerUrls } from '../../src/services/engineBuilds';

/** A fake network answering every call with `answer` (a status and a body) and recording the requests. */
function fakeNetwork(answer: () => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    // Like fetch, the fake network stops when the request's signal aborts.
    const aborted = new Promise<never>((_, reject) => {
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });
    return Promise.race([answer(), aborted]);
  });
  const api = createApi({ token: () => 'a-token', onForbidden: vi.fn() }).extend({
    fetch: fetch as typeof globalThis.fetch,
    prefixUrl: 'http://localhost/api',
    retry: 0,
  });
  return { api, requests };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('engine build lookup', () => {
  it('asks the asset service for the current build and answers its player URLs', async () => {
    const net = fakeNetwork(() => json([engineBuildOf('current', '2025.1')]));
    const build = await lookupEngineBuild(undefined, net.api);
    expect(net.requests[0].url).toBe('http://localhost/api/assetService/unityBuild?unityBuildName=current');
    expect(build.version).toBe('2025.1');
    expect(unityPlayerUrls(build, 'Viewer')).toEqual({
      loaderUrl: '/files/2025.1/Viewer/Build/Viewer.loader.js',
      dataUrl: '/files/2025.1/Viewer/Build/Viewer.data.br',
      frameworkUrl: '/files/2025.1/Viewer/Build/Viewer.framework.js.br',
      codeUrl: '/files/2025.1/Viewer/Build/Viewer.wasm.br',
      streamingAssetsUrl: '/files/2025.1/Viewer/StreamingAssets',
    });
  });

  it.each([
    ['the list is empty', () => json([])],
    ['the first item has no version', () => json([{ unityBuildName: 'current', players: {} }])],
    ['the answer is not a list of builds', () => json({ items: [] })],
    ['the server fails', () => json({ code: 'INTERNAL', message: 'boom' }, 500)],
    ['the answer is not JSON', () => new Response('<html>', { status: 200 })],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('gives empty URLs (the built-in engine) when %s', async (_, answer) => {
    const build = await lookupEngineBuild(undefined, fakeNetwork(answer).api);
    expect(build).toEqual(noEngineBuild);
    expect(Object.values(build.players).flatMap((urls) => Object.values(urls))).toEqual(Array(15).fill(''));
    expect(unityPlayerUrls(build, 'Editor')).toBeNull();
  });

  it('gives empty URLs when the caller gives up', async () => {
    const abort = new AbortController();
    const net = fakeNetwork(() => new Promise<Response>(() => {}));
    const pending = lookupEngineBuild(abort.signal, net.api);
    abort.abort();
    await expect(pending).resolves.toEqual(noEngineBuild);
  });
});
