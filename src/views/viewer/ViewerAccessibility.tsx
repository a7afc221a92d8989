import ListAltIcon from '@mui/icons-material/ListAlt';
import { Box, Button, GlobalStyles, Paper } from '@mui/material';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneContent } from '../../../contracts/sceneContent';
import { useFlow } from '../../app/AppContext';
import type { EngineCommand, EngineEvent } from '../../engine/protocol';
import { isEditable, stopAnnouncement, tourIsOn, tourKeyCommand, type TourState } from '../../lib/tourKeys';
import type { ListViewActorRef } from '../../machines/listViewMachine';
import { focusRing, SpaceListView } from './SpaceListView';

/** The viewer's list view flow, and what the page needs of it. */
export interface ListViewHandle {
  actor: ListViewActorRef | undefined;
  /** Give it every engine event: a WebGL failure makes the list the page. */
  onEngineEvent(event: EngineEvent): void;
  /** The browser cannot draw the space: the page shows the list instead of the engine. */
  unavailable: boolean;
}

/** Runs the list view flow (systemId `listView`) while the viewer page is mounted. */
export function useListView(): ListViewHandle {
  const actor = useFlow('listView', undefined, { systemId: 'listView' });
  const actorRef = useRef(actor);
  /** A failure reported before the flow ran (its module still loading) is told once it runs. */
  const failedEarly = useRef(false);
  useEffect(() => {
    actorRef.current = actor;
    if (actor && failedEarly.current) actor.send({ type: 'engine.webglUnavailable' });
  }, [actor]);
  const onEngineEvent = useCallback((event: EngineEvent) => {
    if (event.type !== 'error' || event.code !== 'webgl-unavailable') return;
    if (actorRef.current) actorRef.current.send({ type: 'engine.webglUnavailable' });
    else failedEarly.current = true;
  }, []);
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!actor) return () => {};
      const subscription = actor.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const unavailable = useSyncExternalStore(
    subscribe,
    () => actor?.getSnapshot().matches('unavailable') ?? false,
  );
  return useMemo(() => ({ actor, onEngineEvent, unavailable }), [actor, onEngineEvent, unavailable]);
}

export interface ViewerAccessibilityProps {
  listView: ListViewHandle;
  content: SceneContent | null;
  title: string | null;
  /** The engine's latest guided tour state (null before any tour). */
  tour: TourState | null;
  send(command: EngineCommand): void;
}

/**
 * A tour anyone can take (platform.md §2.7): the 'List view' button and the list it opens, the
 * tour's keys and its spoken stops, and a visible focus ring on every control of the viewer.
 */
export function ViewerAccessibility({ listView, content, title, tour, send }: ViewerAccessibilityProps) {
  return (
    <>
      <GlobalStyles
        styles={(theme) => ({
          '[data-testid="viewer-page"] .MuiButtonBase-root:focus-visible, [data-testid="viewer-page"] a:focus-visible':
            { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
        })}
      />
      {listView.actor && <ListViewControls actor={listView.actor} content={content} title={title} />}
      <TourKeyboard tour={tour} content={content} send={send} />
    </>
  );
}

function ListViewControls({
  actor,
  content,
  title,
}: {
  actor: ListViewActorRef;
  content: SceneContent | null;
  title: string | null;
}) {
  const { t } = useTranslation();
  const mode = useSelector(actor, (s) =>
    s.matches('open') ? 'open' : s.matches('unavailable') ? 'unavailable' : 'closed',
  );
  const itemId = useSelector(actor, (s) => s.context.itemId);
  return (
    <>
      {/* Under the title: bottom left is the touch joystick's. */}
      <Paper elevation={3} sx={{ position: 'absolute', top: 76, left: 12, p: 0.5 }}>
        <Button
          size="small"
          startIcon={<ListAltIcon />}
          onClick={() => actor.send({ type: 'list.open' })}
          data-testid="viewer-list-view-button"
          sx={focusRing}
        >
          {t('viewer.listView.open')}
        </Button>
      </Paper>
      <SpaceListView
        mode={mode}
        content={content}
        title={title}
        itemId={itemId}
        onClose={() => actor.send({ type: 'list.close' })}
        onShowInSpace={(id, viewpoint) => actor.send({ type: 'list.showInSpace', itemId: id, viewpoint })}
      />
    </>
  );
}

/** Keys the engine walks with: they stay on the page while focus is in a dialog over the space. */
const walkingKeys = new Set([
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'KeyW',
  'KeyA',
  'KeyS',
  'KeyD',
]);

/**
 * The tour by keyboard, handled on the page before the engine sees the keys (a capturing listener
 * on the window: the engine listens on the window too, after it). The page decides because it
 * knows what has focus — a button Space should press, a dialog the arrows scroll — and because
 * this works the same for either engine (the Unity player takes the same tour commands). Each stop
 * is announced through a polite live region, and shown as a caption while the tour is on.
 */
function TourKeyboard({
  tour,
  content,
  send,
}: {
  tour: TourState | null;
  content: SceneContent | null;
  send(command: EngineCommand): void;
}) {
  const { t } = useTranslation();
  const tourRef = useRef(tour);
  useEffect(() => {
    tourRef.current = tour;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const inDialog = !!target?.closest('[role="dialog"], [role="menu"], [role="listbox"]');
      const command = tourKeyCommand(
        event,
        {
          editable: isEditable(target),
          inDialog,
          activatable: !!target?.closest(
            'button, a[href], [role="button"], [role="link"], [role="checkbox"], [role="switch"], summary',
          ),
        },
        tourRef.current,
      );
      if (command) {
        event.preventDefault();
        event.stopPropagation();
        send(command);
      } else if (inDialog && walkingKeys.has(event.code)) {
        // Reading the list (or an info point) with the arrows does not walk the visitor behind it.
        event.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [send]);

  // The text changes only when the tour gets to another stop (pausing and resuming keep it), so a
  // screen reader announces each stop once.
  const on = tourIsOn(tour);
  const announcement = on
    ? stopAnnouncement(tour, pointOf(content, tour), (key, values) => t(key, values))
    : '';

  return (
    <Box
      aria-live="polite"
      aria-atomic="true"
      data-testid="viewer-tour-announcer"
      sx={
        on && announcement
          ? {
              position: 'absolute',
              left: '50%',
              transform: 'translateX(-50%)',
              bottom: 64,
              maxWidth: 'min(640px, calc(100% - 24px))',
              px: 2,
              py: 1,
              borderRadius: 1,
              bgcolor: 'rgba(0, 0, 0, 0.75)',
              color: '#fff',
              textAlign: 'center',
              pointerEvents: 'none',
            }
          : visuallyHidden
      }
    >
      {announcement}
    </Box>
  );
}

/** The stop's title and description: as the engine tells them, else from the space's tour. */
function pointOf(content: SceneContent | null, tour: TourState) {
  if (tour.pointTitle !== undefined)
    return { title: tour.pointTitle, description: tour.pointDescription ?? '' };
  const points = [...(content?.guidedTours.find((g) => g.guidedTourId === tour.tourId)?.points ?? [])].sort(
    (a, b) => a.order - b.order,
  );
  const point = points[tour.pointIndex];
  return { title: point?.title ?? '', description: point?.description ?? '' };
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: '-1px',
  p: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
