import { fromCallback, fromPromise } from 'xstate';
import type { SpaceInsights, VisitSource, VisitStarted } from '../../../contracts/insights';
import { type InsightsRange, rangeOfDays, spaceInsightsMachine } from '../../machines/spaceInsightsMachine';
import { type VisitInsightsEvent, visitInsightsMachine } from '../../machines/visitInsightsMachine';
import { insightsApi, sendVisitBeacon } from '../../services/insights';
import type { AppServices } from '../services';

/** How often a visible visit reports its time. */
export const visitHeartbeatMs = 30_000;

/**
 * Space insights: the viewer's reports of a visit (start, time by beacon, opened works) and the
 * owner's figures of a space.
 */
export default function insightsFlows({ api }: AppServices) {
  const insights = insightsApi(api);
  return {
    visitInsights: visitInsightsMachine.provide({
      actors: {
        startVisit: fromPromise<VisitStarted | null, { sceneId: string; source: VisitSource }>(
          ({ input, signal }) => insights.startVisit(input.sceneId, input.source, signal),
        ),
        pageWatch: fromCallback<VisitInsightsEvent>(({ sendBack }) => {
          const now = () => performance.now();
          const onVisibility = () =>
            sendBack({
              type: document.visibilityState === 'hidden' ? 'page.hidden' : 'page.visible',
              at: now(),
            });
          const onHide = () => sendBack({ type: 'page.hidden', at: now() });
          const onShow = () => sendBack({ type: 'page.visible', at: now() });
          if (document.visibilityState === 'hidden') onHide();
          document.addEventListener('visibilitychange', onVisibility);
          window.addEventListener('pagehide', onHide);
          window.addEventListener('pageshow', onShow);
          return () => {
            document.removeEventListener('visibilitychange', onVisibility);
            window.removeEventListener('pagehide', onHide);
            window.removeEventListener('pageshow', onShow);
          };
        }),
        heartbeat: fromCallback<VisitInsightsEvent>(({ sendBack }) => {
          const timer = setInterval(
            () => sendBack({ type: 'heartbeat.tick', at: performance.now() }),
            visitHeartbeatMs,
          );
          return () => clearInterval(timer);
        }),
      },
      actions: { deliver: (_, event) => sendVisitBeacon(event) },
    }),
    spaceInsights: spaceInsightsMachine.provide({
      actors: {
        loadInsights: fromPromise<SpaceInsights, { sceneId: string; days: InsightsRange }>(
          ({ input, signal }) =>
            insights.insights(input.sceneId, rangeOfDays(input.days, new Date()), signal),
        ),
      },
    }),
  };
}
