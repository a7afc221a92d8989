import { Box } from '@mui/material';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnginePlayer } from '../../../contracts/engineBuilds';
import { type EngineBuildUrls, lookupEngineBuild, unityPlayerUrls } from '../../services/engineBuilds';
import { LoadingOverlay } from '../../views/kit/LoadingOverlay';
import type { EngineCommand, EngineEvent, EngineMode, EngineSettings } from '../protocol';
import { UnityEngine } from '../unity/UnityEngine';
import { createEngineConnection, type EngineConnection } from './engineConnection';
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
 * without one (or when the lookup fails) the built-in engine, loaded as its own chunk. The
 * readiness machine decides when the engine starts, when input goes to it and what shows meanwhile.
 */
export function EngineHost(props: EngineHostProps) {
  // Another mode is another player: start over.
  return <EngineSession key={props.mode} {...props} />;
}

function EngineSession({ mode, settings, onEvent, handleRef }: EngineHostProps) {
  const { t } = useTranslation();
  const boxRef = useRef<HTMLDivElement>(null);
  const webContainerRef = useRef<HTMLDivElement>(null);
  const settingsRef = useLatest(settings);
  const onEventRef = useLatest(onEvent);
  const [build, setBuild] = useState<EngineBuildUrls | null>(null);
  const [connection, setConnection] = useState<EngineConnection | null>(null);
  /** Bumped by Retry when a Unity build never loaded: its component mounts afresh. */
  const [unityAttempt, setUnityAttempt] = useState(0);

  const unityUrls = build && unityPlayerUrls(build, playerOfMode[mode]);
  const source = build === null ? 'unknown' : unityUrls ? 'unity' : 'web';
  const sourceRef = useLatest(source);
  const connectionRef = useRef<EngineConnection | null>(null);
  /** Commands the page sent before the connection existed (from its own layout effects). */
  const early = useRef<EngineCommand[]>([]);

  useImperativeHandle(
    handleRef,
    () => ({
      send(cmd) {
        if (connectionRef.current) connectionRef.current.send(cmd);
        else early.current.push(cmd);
      },
    }),
    [],
  );

  useEffect(() => {
    const abort = new AbortController();
    void lookupEngineBuild(abort.signal).then((found) => {
      if (!abort.signal.aborted) setBuild(found);
    });
    return () => abort.abort();
  }, []);

  /** Starts the built-in engine when it is the one to run and is not on its way yet. */
  const requestWebEngine = useRef(() => {});

  useEffect(() => {
    let webRequested = false;
    const next = createEngineConnection({
      mode,
      settings: () => settingsRef.current,
      onEvent: (event) => onEventRef.current?.(event),
      requestEngine: () => requestWebEngine.current(),
      reloadEngine: () => setUnityAttempt((n) => n + 1),
    });
    requestWebEngine.current = () => {
      const container = webContainerRef.current;
      if (sourceRef.current !== 'web' || !container || webRequested) return;
      webRequested = true;
      startWebEngine(container).then(next.attach, (error: unknown) => {
        webRequested = false; // the next readiness check tries again
        console.warn('The built-in 3D engine could not be loaded:', error);
      });
    };
    connectionRef.current = next;
    next.start();
    early.current.splice(0).forEach(next.send);
    setConnection(next);
    return () => {
      connectionRef.current = null;
      next.leave();
    };
  }, [mode, settingsRef, onEventRef, sourceRef]);

  // Without waiting for the next readiness check.
  useEffect(() => {
    if (source === 'web' && connection) requestWebEngine.current();
  }, [source, connection]);

  useEffect(() => {
    if (!connection) return;
    return watchPageTextFocus(document, boxRef.current, connection.textFocus);
  }, [connection]);

  return (
    <Box ref={boxRef} sx={{ position: 'relative', width: '100%', height: '100%', overflow: 'hidden' }}>
      {source === 'unity' && unityUrls && connection && (
        <Box sx={fill}>
          <UnityEngine key={unityAttempt} urls={unityUrls} onAdapter={connection.attach} />
        </Box>
      )}
      {source === 'web' && <Box ref={webContainerRef} sx={fill} />}
      {connection ? (
        <EngineStatus connection={connection} />
      ) : (
        <LoadingOverlay label={t('engine.loading')} percent={0} />
      )}
    </Box>
  );
}
