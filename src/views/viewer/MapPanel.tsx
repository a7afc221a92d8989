import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useActorRef, useSelector } from '@xstate/react';
import { type KeyboardEvent, type MouseEvent, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  eyeAt,
  floorPlanOf,
  forwardOf,
  levelOfPose,
  type PlanArtwork,
  type PlanLevel,
  walkableSpot,
} from '../../../geometry/floorPlan';
import type { Vec2 } from '../../../geometry/vec2';
import { viewerMapMachine } from '../../machines/viewerMapMachine';
import type { ViewerPanelProps } from './panelProps';

const points = (ps: Vec2[]) => ps.map(([x, z]) => `${x.toFixed(3)},${z.toFixed(3)}`).join(' ');

/**
 * The viewer's map: the floor plan of the level the visitor is on (or the one picked), its walls,
 * doors, stairs and artworks, and where the visitor stands and looks. Clicking a spot walks there;
 * clicking an artwork (or Enter on it) walks to stand in front of it. North (-z) is up.
 */
export function MapPanel({ content, send, onEngineEvent }: ViewerPanelProps) {
  const { t } = useTranslation();
  const plan = useMemo(() => floorPlanOf(content), [content]);
  const map = useActorRef(viewerMapMachine);
  useEffect(() => {
    const sub = map.on('command', (e) => send(e.command));
    return () => sub.unsubscribe();
  }, [map, send]);
  useEffect(
    () =>
      onEngineEvent((event) => {
        if (event.type === 'cameraState') map.send({ type: 'engine.reported', event });
      }),
    [onEngineEvent, map],
  );
  const pose = useSelector(map, (s) => s.context.pose);
  const chosenLevelId = useSelector(map, (s) => s.context.chosenLevelId);
  const walking = useSelector(map, (s) => s.matches({ walk: 'walking' }));

  const poseLevelId = pose ? levelOfPose(plan, pose.levelId, pose.y) : plan.levels[0].id;
  const level: PlanLevel = plan.levels.find((l) => l.id === (chosenLevelId ?? poseLevelId)) ?? plan.levels[0];
  const { bounds } = plan;
  const span = Math.max(bounds.maxX - bounds.minX, bounds.maxZ - bounds.minZ);
  const dot = Math.max(0.25, span / 55);
  const svgRef = useRef<SVGSVGElement>(null);

  const titleOf = (a: PlanArtwork) => a.title || t(`viewer.map.untitled.${a.kind}`);
  const walkToArtwork = (a: PlanArtwork) =>
    map.send({
      type: 'walk.requested',
      walk: { levelId: level.id, position: eyeAt(level, a.stand), yaw: a.standYaw },
    });
  const clickFloor = (e: MouseEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const spot = walkableSpot(plan, level.id, [p.x, p.y]);
    map.send({ type: 'walk.requested', walk: { levelId: level.id, position: eyeAt(level, spot) } });
  };
  const onArtworkKey = (e: KeyboardEvent, a: PlanArtwork) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    walkToArtwork(a);
  };
  const levelName = level.name || t('viewer.map.level');
  const here = pose && poseLevelId === level.id ? pose : null;

  return (
    <Stack spacing={1} data-testid="viewer-map">
      {plan.levels.length > 1 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={level.id}
          aria-label={t('viewer.map.level')}
          onChange={(_, id: string | null) => id && map.send({ type: 'level.chosen', levelId: id })}
        >
          {[...plan.levels].reverse().map((l) => (
            <ToggleButton key={l.id} value={l.id}>
              {l.name || t('viewer.map.level')}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('viewer.map.hint')}
      </Typography>
      <Box
        component="svg"
        ref={svgRef}
        role="group"
        aria-label={t('viewer.map.label', { level: levelName })}
        viewBox={`${bounds.minX} ${bounds.minZ} ${bounds.maxX - bounds.minX} ${bounds.maxZ - bounds.minZ}`}
        onClick={clickFloor}
        data-level={level.id}
        sx={{
          width: '100%',
          maxHeight: '60vh',
          bgcolor: 'grey.100',
          borderRadius: 1,
          cursor: 'crosshair',
          '& .artwork': { cursor: 'pointer', outline: 'none' },
          '& .artwork:hover circle, & .artwork:focus circle': { fill: '#ff9800' },
          '& .artwork:focus .ring': { stroke: '#0d47a1', strokeWidth: 3, opacity: 1 },
        }}
      >
        {level.stairs.map((s) => (
          <g key={s.id} aria-hidden>
            <polygon points={points(s.outline)} fill="#d7ccc8" stroke="#795548" strokeWidth={0.05} />
            <line
              x1={s.start[0]}
              y1={s.start[1]}
              x2={s.start[0] + s.direction[0] * 2}
              y2={s.start[1] + s.direction[1] * 2}
              stroke="#4e342e"
              strokeWidth={0.1}
            />
          </g>
        ))}
        {level.walls.map((w, i) => (
          <polygon key={`${w.id}-${i}`} points={points(w.corners)} fill="#37474f" aria-hidden />
        ))}
        {level.doors.map((d) => (
          <line
            key={d.id}
            x1={d.from[0]}
            y1={d.from[1]}
            x2={d.to[0]}
            y2={d.to[1]}
            stroke="#8d6e63"
            strokeWidth={0.12}
            strokeDasharray="0.2 0.15"
            aria-hidden
          />
        ))}
        {level.artworks.map((a) => (
          <g
            key={a.id}
            className="artwork"
            role="button"
            tabIndex={0}
            aria-label={t('viewer.map.walkTo', { title: titleOf(a) })}
            data-artwork-id={a.id}
            onClick={(e) => {
              e.stopPropagation();
              walkToArtwork(a);
            }}
            onKeyDown={(e) => onArtworkKey(e, a)}
          >
            <title>{titleOf(a)}</title>
            <circle
              className="ring"
              cx={a.at[0]}
              cy={a.at[1]}
              r={dot * 1.7}
              fill="none"
              stroke="#0d47a1"
              opacity={0}
              vectorEffect="non-scaling-stroke"
            />
            <circle cx={a.at[0]} cy={a.at[1]} r={dot} fill={a.kind === 'infoPoint' ? '#2e7d32' : '#c62828'} />
          </g>
        ))}
        {here && (
          <g
            data-testid="viewer-map-you"
            data-x={here.x}
            data-z={here.z}
            data-yaw={here.yaw}
            aria-label={t('viewer.map.youAreHere')}
            role="img"
          >
            <polygon
              points={points([
                [here.x + forwardOf(here.yaw)[0] * dot * 4, here.z + forwardOf(here.yaw)[1] * dot * 4],
                [
                  here.x + forwardOf(here.yaw + 35)[0] * dot * 1.5,
                  here.z + forwardOf(here.yaw + 35)[1] * dot * 1.2,
                ],
                [
                  here.x + forwardOf(here.yaw - 35)[0] * dot * 1.5,
                  here.z + forwardOf(here.yaw - 35)[1] * dot * 1.2,
                ],
              ])}
              fill="#1565c0"
              opacity={0.6}
            />
            <circle
              cx={here.x}
              cy={here.z}
              r={dot * 1.1}
              fill="#1565c0"
              stroke="#fff"
              strokeWidth={dot * 0.3}
            />
          </g>
        )}
      </Box>
      <Typography variant="caption" role="status" aria-live="polite" sx={{ minHeight: '1.5em' }}>
        {walking ? t('viewer.map.walking') : level.artworks.length === 0 ? t('viewer.map.noArtworks') : ''}
      </Typography>
    </Stack>
  );
}
