import type { KyInstance } from 'ky';
import type { SpaceInsights, VisitEvent, VisitSource, VisitStarted } from '../../contracts/insights';
import { call } from './scenes';

/** Where the viewer reports a visit's events (also by beacon, which ky does not send). */
export const visitEventsPath = '/api/insightsService/events';

const id = (value: string) => encodeURIComponent(value);

/** Calls of the insights service: a visit's events, and a space's figures for its owner. */
export const insightsApi = (api: KyInstance) => ({
  /** A visit begins: answers its id, or null when it is not counted (the owner's own visit). */
  startVisit: (sceneId: string, source: VisitSource, signal?: AbortSignal) =>
    call(async (): Promise<VisitStarted | null> => {
      const answer = await api
        .post('insightsService/events', {
          json: { type: 'visit.started', sceneId, source } satisfies VisitEvent,
          retry: 0,
          signal,
        })
        .json<VisitStarted | ''>();
      return answer === '' ? null : answer;
    }),
  /** A space's insights over `from`..`to` (UTC days; the server's default range when left out). */
  insights: (sceneId: string, range: { from?: string; to?: string }, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`insightsService/insights/${id(sceneId)}`, {
          searchParams: Object.fromEntries(Object.entries(range).filter(([, v]) => v !== undefined)),
          signal,
        })
        .json<SpaceInsights>(),
    ),
});

/**
 * Sends a visit's event without waiting for an answer, and so that it still leaves while the page
 * is being hidden or closed: navigator.sendBeacon (a text/plain body), else a keepalive fetch.
 * Nothing to do with the answer: a lost event only makes the figures a little smaller.
 */
export function sendVisitBeacon(event: VisitEvent, path = visitEventsPath): void {
  const body = JSON.stringify(event);
  if (typeof navigator !== 'undefined' && navigator.sendBeacon?.(path, body)) return;
  if (typeof fetch === 'undefined') return;
  fetch(path, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
  }).catch(() => undefined);
}
