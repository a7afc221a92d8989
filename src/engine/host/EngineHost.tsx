import { Box } from '@mui/material';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnginePlayer } from '../../../contracts/engineBuilds';
import { type EngineBuildUrls, lookupEngineBuild, unityPlayerUrls } from '../../services/engineBuilds';
import { LoadingOverlay } from './LoadingOverlay';
import type { EngineCommand, EngineEvent, EngineMode, EngineSettings } from '../protocol';
import { UnityEngine } from '../unity/UnityEngine';
import { useFlow } from '../../app/AppContext';
import { createEnginePort } from './enginePort';
import { EngineStatus } from './EngineStatus';
import { watchPageTextFocus } from './pageTextFocus';
import { startWebEngine } from './webEngine';

/** What a page holds to drive the engine. */
export interface EngineHandle {
  /** Sends a command; commands sent before the engine is ready arrive, in order, once it is. */
  send(cmd: EngineCommand): void;
}

export interface EngineHostProps {
  mode: EngineMode;
  /** Startup settings; missing ones take their defaults. Read when the engine has loaded. */
  settings?: Partial<EngineSettings>;
  /** Every event the engine sends. */
  onEvent?(event: EngineEvent): void;
  handleRef?: Ref<EngineHandle>;
  /**
   * The engine actor's systemId: `engine` (the page's engine, which other actors reach) unless the
   * page shows a second engine beside it, such as a preview.
   */
  systemId?: string;
}

const playerOfMode: Record<EngineMode, EnginePlayer> = {
  viewer: 'Viewer',
  editor: 'Editor',
  inspector: 'Inspector',
};

const fill = { position: 'absolute', inset: 0 } as const;

/** The latest value of a prop, for callbacks made outside React's render. */
function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * The 3D engine of a page, filling its parent box (ARCHITECTURE.md 'The engine boundary'). It asks
 * the asset service for the current engine build once: with one, the mode's Unity player runs;
 * without one (or when the lookup fails) the built-in engine, loaded as its own chunk. The page's
 * `engine` actor (engineReadinessMachine, in the app's system) decides when the engine starts,
 * when input goes to it and what shows meanwhile; other actors reach the engine through it.
 */
export function EngineHost(props: EngineHostProps) {
  // Another mode is another player: start over.
  return <EngineSession key={props.mode} {...props} />;
}

function EngineSession({ mode, settings, onEvent, handleRef, systemId = 'engine' }: EngineHostProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const webContainerRef = useRef<HTMLDivElement>(null);
  const onEventRef = useLatest(onEvent);
  const [build, setBuild] = useState<EngineBuildUrls | null>(null);
  /** Bumped by Retry when a Unity build never loaded: its component mounts afresh. */
  const [unityAttempt, setUnityAttempt] = useState(0);

  const unityUrls = build && unityPlayerUrls(build, playerOfMode[mode]);
  const source = build === null ? 'unknown' : unityUrls ? 'unity' : 'web';
  const sourceRef = useLatest(source);
  const [port] = useState(createEnginePort);
  // The page's engine actor, in the app's system: readiness, commands held until ready, events.
  const engine = useFlow('engine', { mode, port }, { systemId });
  const engineRef = useLatest(engine);
  /** Commands the page sent before the engine actor existed (from its own layout effects). */
  const early = useRef<EngineCommand[]>([]);

  useImperativeHandle(
    handleRef,
    () => ({
      send(command) {
        if (engineRef.current) engineRef.current.send({ type: 'engine.command', command });
        else early.current.push(command);
      },
    }),
    [engineRef],
  );

  useEffect(() => {
    if (!engine) return;
    early.current.splice(0).forEach((command) => engine.send({ type: 'engine.command', command }));
  }, [engine]);

  useEffect(() => port.listen((event) => onEventRef.current?.(event)), [port, onEventRef]);

  useEffect(() => {
    const abort = new AbortController();
    void lookupEngineBuild(abort.signal).then((found) => {
      if (!abort.signal.aborted) setBuild(found);
    });
    return () => abort.abort();
  }, []);

  useEffect(() => {
    port.configure({ settings });
  }, [port, settings]);

  useEffect(() => {
    let webRequested = false;
    port.configure({
      requestEngine: () => {
        const container = webContainerRef.current;
        if (sourceRef.current !== 'web' || !container || webRequested) return;
        webRequested = true;
        startWebEngine(container).then(port.attach, (error: unknown) => {
          webRequested = false; // the next readiness check tries again
          console.warn('The built-in 3D engine could not be loaded:', error);
        });
      },
      reloadEngine: () => setUnityAttempt((n) => n + 1),
    });
    return () => port.configure({ requestEngine: () => {} });
  }, [port, sourceRef]);

  // Without waiting for the next readiness check.
  useEffect(() => {
    if (source === 'web' && engine) port.isLoaded();
  }, [port, source, engine]);

  useEffect(() => {
    if (!engine) return;
    return watchPageTextFocus(document, boxRef.current, (focused) =>
      engine.send({ type: 'page.textFocus', focused }),
    );
  }, [engine]);

  return (
    <Box ref={boxRef} sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      {source === 'unity' && unityUrls && engine && (
        <Box sx={fill}>
          <UnityEngine key={unityAttempt} urls={unityUrls} onAdapter={port.attach} />
        </Box>
      )}
      {source === 'web' && <Box ref={webContainerRef} sx={fill} />}
      {engine ? <EngineStatus engine={engine} /> : <LoadingOverlay label={t('engine.loading')} percent={0} />}
    </Box>
  );
}
