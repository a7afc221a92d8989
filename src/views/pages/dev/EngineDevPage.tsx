import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Slider,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SceneContent } from '../../../../contracts/sceneContent';
import { useAppActor, useFlow } from '../../../app/AppContext';
import { EngineHost, type EngineHandle } from '../../../engine/host/EngineHost';
import {
  type EngineCommand,
  type EngineEvent,
  type EngineMode,
  filteringLevels,
  graphicsQualityLevels,
  type InspectedAsset,
} from '../../../engine/protocol';
import { LoadingOverlay } from '../../../engine/host/LoadingOverlay';
import { PageMeta } from '../../kit/PageMeta';
import { assetFailureText } from '../../kit/assetFailureText';
import { EditorPanel, type EditorPanelProps } from '../../editor/EditorPanel';
import type { ContentRead } from '../../../machines/contentFileMachine';
import { useContentDrop } from '../../editor/useContentDrop';
import { createEngineDevApi } from './engineDevApi';
import '../../../i18n/devCatalogue';

/**
 * /dev/engine (development builds only): loads a content file into the engine through the same
 * host and protocol the app's pages use, with controls for settings, tours and the inspector.
 * Tests and benchmarks drive it through `window.engineDev` (engineDevApi.ts).
 *
 * Query: ?mode=viewer|editor|inspector, ?content=<url of a content document> (or `session`: the
 * document the editor handed over in sessionStorage), ?asset=<url>&kind=&format=, ?quality=0..5,
 * ?adaptive=0 (the resolution stays as set, whatever the frame rate: measurements compare levels).
 */

const demoContents = ['/demo/gallery.json', '/demo/empty-room.json'];
const modes: readonly EngineMode[] = ['viewer', 'editor', 'inspector'];
const assetKinds = ['model3d', 'picture', 'video'] as const;

function readQuery() {
  const q = new URLSearchParams(window.location.search);
  const quality = Number(q.get('quality'));
  const mode = modes.find((m) => m === q.get('mode')) ?? 'viewer';
  return {
    mode,
    content: q.get('content') ?? (mode === 'editor' ? '/demo/empty-room.json' : demoContents[0]),
    asset: q.get('asset') ?? '/demo/models/box-2x1x0.5.glb',
    kind: (assetKinds as readonly string[]).includes(q.get('kind') ?? '')
      ? (q.get('kind') as (typeof assetKinds)[number])
      : 'model3d',
    format: (q.get('format') ?? 'glb') as 'glb' | 'gltf' | 'obj',
    quality:
      Number.isInteger(quality) && quality >= 0 && quality <= 5 && q.has('quality') ? quality : undefined,
    adaptiveResolution: q.get('adaptive') !== '0',
  };
}

function showAsset(
  kind: (typeof assetKinds)[number],
  uri: string,
  format: 'glb' | 'gltf' | 'obj',
): EngineCommand {
  const asset: InspectedAsset = kind === 'model3d' ? { kind, uri, format } : { kind, uri };
  return { channel: 'Inspector', method: 'showAsset', payload: { asset } };
}

export function EngineDevPage() {
  const { t } = useTranslation();
  const [query] = useState(readQuery);
  const handle = useRef<EngineHandle>(null);
  const [content, setContent] = useState<SceneContent | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [contentUrl, setContentUrl] = useState(query.content);
  const [assetUrl, setAssetUrl] = useState(query.asset);
  const [kind, setKind] = useState(query.kind);
  const [format, setFormat] = useState(query.format);
  const [quality, setQuality] = useState(query.quality ?? 3);
  const [renderScale, setRenderScale] = useState(1);
  const [filtering, setFiltering] = useState(1);
  const [profiler, setProfiler] = useState(false);
  const [dimensions, setDimensions] = useState(false);
  const [infoPoint, setInfoPoint] = useState<{ title: string; text: string } | null>(null);
  const [notices, setNotices] = useState<string[]>([]);
  const [recent, setRecent] = useState<EngineEvent[]>([]);
  const [report, setReport] = useState<Extract<EngineEvent, { type: 'inspectorReport' }> | null>(null);
  /** Loading progress of the space being built, null when none is. */
  const [building, setBuilding] = useState<number | null>(null);

  const send = useCallback((cmd: EngineCommand) => handle.current?.send(cmd), []);
  const [dev] = useState(createEngineDevApi);
  useEffect(() => {
    dev.setSender(send);
    window.engineDev = dev.api;
    return () => {
      delete window.engineDev;
    };
  }, [dev, send]);

  const { system } = useAppActor();
  const reader = useFlow('contentFile', undefined);
  const drop = useContentDrop(send);

  const notice = (text: string) => setNotices((n) => [text, ...n].slice(0, 5));
  const onEvent = useCallback(
    (event: EngineEvent) => {
      dev.record(event);
      // The editor panel's flow (editor mode) hears the engine through the page.
      system.get('editorPanel')?.send({ type: 'engine.reported', event });
      if (event.type !== 'loadProgress' && event.type !== 'profilerStats') {
        setRecent((r) => [event, ...r].slice(0, 8));
      }
      switch (event.type) {
        case 'loadProgress':
          setBuilding((b) => (b === null ? b : event.percent));
          break;
        case 'loaded':
          setBuilding(null);
          break;
        case 'error':
          setBuilding(null);
          break;
        case 'infoPointOpened':
          setInfoPoint({ title: event.title, text: event.text });
          break;
        case 'navigationRequested':
          notice(t('dev.engine.portal', { target: event.targetSceneId }));
          break;
        case 'linkRequested':
          notice(t('dev.engine.link', { url: event.url }));
          break;
        case 'assetFailed':
          notice(assetFailureText(t, event));
          break;
        case 'profilerVisible':
          setProfiler(event.visible);
          break;
        case 'inspectorReport':
          setReport(event);
          break;
      }
    },
    [dev, system, t],
  );

  const applyContent = useCallback(
    (result: ContentRead) => {
      setProblems(result.problems);
      if (!result.content) return;
      setContent(result.content);
      setBuilding(0);
      send({ channel: 'Scene', method: 'load', payload: { content: result.content } });
    },
    [send],
  );
  useEffect(() => {
    if (!reader) return;
    const subscription = reader.on('content.read', applyContent);
    return () => subscription.unsubscribe();
  }, [reader, applyContent]);
  const loadContent = (url: string) => reader?.send({ type: 'content.requested', url });

  const inspect = () => {
    setReport(null);
    send(showAsset(kind, assetUrl, format));
  };

  // Load what the address asks for once; the host holds it until the engine is ready.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !reader) return;
    started.current = true;
    if (query.mode === 'inspector') send(showAsset(query.kind, query.asset, query.format));
    else reader.send({ type: 'content.requested', url: query.content });
  }, [reader, query, send]);

  const settings = useMemo(
    () => ({ graphicsQuality: query.quality ?? 3, adaptiveResolution: query.adaptiveResolution }),
    [query.quality, query.adaptiveResolution],
  );

  return (
    <Box sx={{ display: 'flex', height: '100vh', width: '100vw', overflow: 'hidden' }}>
      <PageMeta title={t('dev.engine.title')} />
      <Box
        sx={{ flex: 1, position: 'relative', minWidth: 0 }}
        data-testid="engine-box"
        {...(query.mode === 'editor' ? drop : {})}
      >
        <EngineHost mode={query.mode} settings={settings} onEvent={onEvent} handleRef={handle} />
        {building !== null && <LoadingOverlay label={t('viewer.loading')} percent={building} />}
      </Box>
      <Box
        component="aside"
        aria-label={t('dev.engine.panel')}
        sx={{
          width: query.mode === 'editor' ? 380 : 320,
          flexShrink: 0,
          overflowY: 'auto',
          p: 2,
          borderLeft: 1,
          borderColor: 'divider',
        }}
      >
        <Stack spacing={2}>
          <Typography variant="h6" component="h1">
            {t('dev.engine.title')}
          </Typography>
          {query.mode === 'editor' ? (
            <PanelOfPage
              send={send}
              loadContent={(loaded) => applyContent({ content: loaded, problems: [] })}
            />
          ) : query.mode === 'viewer' ? (
            <>
              <TextField
                select
                size="small"
                label={t('dev.engine.contentUrl')}
                value={demoContents.includes(contentUrl) ? contentUrl : ''}
                onChange={(e) => setContentUrl(e.target.value)}
              >
                {demoContents.map((c) => (
                  <MenuItem key={c} value={c}>
                    {c}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('dev.engine.content')}
                value={contentUrl}
                onChange={(e) => setContentUrl(e.target.value)}
              />
              <Button variant="contained" onClick={() => loadContent(contentUrl)}>
                {t('dev.engine.load')}
              </Button>
              {content && (
                <Stack spacing={1}>
                  <Typography variant="subtitle2">{t('dev.engine.tours')}</Typography>
                  {content.guidedTours.length === 0 && (
                    <Typography variant="body2">{t('viewer.paths.empty')}</Typography>
                  )}
                  {content.guidedTours.map((tour) => (
                    <Stack
                      key={tour.guidedTourId}
                      direction="row"
                      spacing={0.5}
                      useFlexGap
                      sx={{ flexWrap: 'wrap' }}
                    >
                      <Typography variant="body2" sx={{ width: '100%' }}>
                        {tour.title}
                      </Typography>
                      <Button
                        size="small"
                        onClick={() =>
                          send({
                            channel: 'Viewer',
                            method: 'playGuidedTour',
                            payload: { tourId: tour.guidedTourId },
                          })
                        }
                      >
                        {t('viewer.paths.start')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => send({ channel: 'Viewer', method: 'pauseGuidedTour', payload: {} })}
                      >
                        {t('dev.engine.pause')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          send({ channel: 'Viewer', method: 'previousGuidedTourPoint', payload: {} })
                        }
                      >
                        {t('viewer.paths.previous')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() =>
                          send({ channel: 'Viewer', method: 'nextGuidedTourPoint', payload: {} })
                        }
                      >
                        {t('viewer.paths.next')}
                      </Button>
                      <Button
                        size="small"
                        onClick={() => send({ channel: 'Viewer', method: 'stopGuidedTour', payload: {} })}
                      >
                        {t('dev.engine.stop')}
                      </Button>
                    </Stack>
                  ))}
                </Stack>
              )}
            </>
          ) : (
            <>
              <TextField
                size="small"
                label={t('dev.engine.asset')}
                value={assetUrl}
                onChange={(e) => setAssetUrl(e.target.value)}
              />
              <TextField
                select
                size="small"
                label={t('dev.engine.assetKind')}
                value={kind}
                onChange={(e) => setKind(e.target.value as typeof kind)}
              >
                {assetKinds.map((k) => (
                  <MenuItem key={k} value={k}>
                    {k}
                  </MenuItem>
                ))}
              </TextField>
              {kind === 'model3d' && (
                <TextField
                  select
                  size="small"
                  label={t('dev.engine.format')}
                  value={format}
                  onChange={(e) => setFormat(e.target.value as typeof format)}
                >
                  {['glb', 'gltf', 'obj'].map((f) => (
                    <MenuItem key={f} value={f}>
                      {f}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <Button variant="contained" onClick={inspect}>
                {t('dev.engine.inspect')}
              </Button>
              <FormControlLabel
                control={
                  <Switch
                    checked={dimensions}
                    onChange={(e) => {
                      setDimensions(e.target.checked);
                      send({
                        channel: 'Inspector',
                        method: 'showDimensions',
                        payload: { visible: e.target.checked },
                      });
                    }}
                  />
                }
                label={t('dev.engine.showDimensions')}
              />
              {report && (
                <Box
                  component="dl"
                  aria-label={t('dev.engine.report')}
                  sx={{ m: 0, fontSize: 14, '& dt': { fontWeight: 600 } }}
                >
                  <dt>{t('dev.engine.report')}</dt>
                  <dd data-testid="inspector-dimensions">
                    {`${report.dimensions.x} × ${report.dimensions.y} × ${report.dimensions.z} m`}
                  </dd>
                  <dd data-testid="inspector-counts">
                    {`${report.triangles} triangles, ${report.meshes} meshes, ${report.materials} materials, ${report.textures} textures, ${report.animationClips.length} animation clips`}
                  </dd>
                </Box>
              )}
            </>
          )}
          {problems.length > 0 && (
            <Alert severity="error">
              {t('dev.engine.invalidContent')}
              <ul>
                {problems.slice(0, 10).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          )}
          <Typography variant="subtitle2">{t('dev.engine.settings')}</Typography>
          <TextField
            select
            size="small"
            label={t('viewer.settings.graphicsQuality')}
            value={quality}
            onChange={(e) => {
              const level = Number(e.target.value);
              setQuality(level);
              send({ channel: 'Settings', method: 'setGraphicsQuality', payload: { level } });
            }}
          >
            {graphicsQualityLevels.map((name, level) => (
              <MenuItem key={name} value={level}>
                {t(`viewer.settings.quality.${name.toLowerCase()}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('viewer.settings.filteringMode')}
            value={filtering}
            onChange={(e) => {
              const level = Number(e.target.value);
              setFiltering(level);
              send({ channel: 'Settings', method: 'setFiltering', payload: { level } });
            }}
          >
            {filteringLevels.map((name, level) => (
              <MenuItem key={name} value={level}>
                {t(`viewer.settings.filtering.${name.toLowerCase()}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Typography variant="body2" id="render-scale">
              {t('dev.engine.renderScale')}
            </Typography>
            <Slider
              aria-labelledby="render-scale"
              min={0.5}
              max={2}
              step={0.25}
              value={renderScale}
              valueLabelDisplay="auto"
              onChangeCommitted={(_, value) => {
                setRenderScale(value as number);
                send({
                  channel: 'Settings',
                  method: 'setRenderQuality',
                  payload: { scale: value as number },
                });
              }}
              onChange={(_, value) => setRenderScale(value as number)}
            />
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={profiler}
                onChange={(e) =>
                  send({
                    channel: 'Core',
                    method: 'setProfilerVisible',
                    payload: { visible: e.target.checked },
                  })
                }
              />
            }
            label={t('dev.engine.profiler')}
          />
          {notices.map((n, i) => (
            <Alert key={`${i}-${n}`} severity="info">
              {n}
            </Alert>
          ))}
          <Typography variant="subtitle2">{t('dev.engine.events')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 2, fontSize: 12, fontFamily: 'monospace' }}>
            {recent.map((e, i) => (
              <li key={i}>{JSON.stringify(e).slice(0, 120)}</li>
            ))}
          </Box>
        </Stack>
      </Box>
      <Dialog open={infoPoint !== null} onClose={() => setInfoPoint(null)} aria-labelledby="info-point-title">
        <DialogTitle id="info-point-title">{infoPoint?.title}</DialogTitle>
        <DialogContent>
          <Typography>{infoPoint?.text}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setInfoPoint(null)}>{t('dev.engine.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** The editor panel with its own flow (systemId `editorPanel`, so the page can tell it the engine's events). */
function PanelOfPage(props: Omit<EditorPanelProps, 'panel'>) {
  const panel = useFlow('editorPanel', undefined, { systemId: 'editorPanel' });
  return panel ? <EditorPanel {...props} panel={panel} /> : null;
}
