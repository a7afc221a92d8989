import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/services/api';

/** A fake network: answers with the given statuses in turn and records what was asked. */
function fakeNetwork(...statuses: number[]) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    const status = statuses[Math.min(requests.length - 1, statuses.length - 1)];
    return new Response(JSON.stringify({ status }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch, requests };
}

function api(token: string | undefined, network: ReturnType<typeof fakeNetwork>, onForbidden = vi.fn()) {
  return createApi({ token: () => token, onForbidden }).extend({
    fetch: network.fetch as typeof fetch,
    prefixUrl: 'http://localhost/api',
  });
}

describe('API client', () => {
  it('sends the bearer token when signed in, and none otherwise', async () => {
    const net = fakeNetwork(200);
    await api('token-1', net).get('userService/user/my').json();
    expect(net.requests[0].headers.get('authorization')).toBe('Bearer token-1');
    await api(undefined, net).get('userService/user/my').json();
    expect(net.requests[1].headers.get('authorization')).toBeNull();
  });

  it('retries an idempotent call that failed on the server, but never a POST', async () => {
    const get = fakeNetwork(503, 503, 200);
    await expect(api('t', get).get('x').json()).resolves.toEqual({ status: 200 });
    expect(get.requests).toHaveLength(3);
    const post = fakeNetwork(503, 200);
    await expect(api('t', post).post('x').json()).rejects.toThrow();
    expect(post.requests).toHaveLength(1);
  });

  it('reports a 403 so the app can say the user is not authorized', async () => {
    const onForbidden = vi.fn();
    await expect(
      api('t', fakeNetwork(403), onForbidden).patch('userService/user/u2').json(),
    ).rejects.toThrow();
    expect(onForbidden).toHaveBeenCalledTimes(1);
  });
});
