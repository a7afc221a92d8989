import { useEffect, useRef, useState } from 'react';
import { Unity, useUnityContext } from 'react-unity-webgl';
import type { EnginePlayerUrls } from '../../../contracts/engineBuilds';
import { engineEventNames } from '../protocol';
import { createUnityBridge, type UnityEngineAdapter } from './unityBridge';

export interface UnityEngineProps {
  /** One player of the current engine build (src/services/engineBuilds.ts). */
  urls: EnginePlayerUrls;
  /** Receives the engine's adapter once, on mount: it takes commands at once and queues them. */
  onAdapter(adapter: UnityEngineAdapter): void;
}

const fill = { width: '100%', height: '100%', display: 'block' } as const;

/**
 * A Unity WebGL player (platform.md §7.7) filling its box, through react-unity-webgl. Its context
 * is read once, on mount: give the component a new `key` to load other URLs.
 */
export function UnityEngine({ urls, onAdapter }: UnityEngineProps) {
  const {
    unityProvider,
    isLoaded,
    loadingProgression,
    initialisationError,
    sendMessage,
    unload,
    addEventListener,
    removeEventListener,
    UNSAFE__unityInstance: instance,
  } = useUnityContext({
    loaderUrl: urls.loaderUrl,
    dataUrl: urls.dataUrl,
    frameworkUrl: urls.frameworkUrl,
    codeUrl: urls.codeUrl,
    streamingAssetsUrl: urls.streamingAssetsUrl,
    webglContextAttributes: { powerPreference: 'high-performance' },
  });
  const [bridge] = useState(createUnityBridge);
  const onAdapterRef = useRef(onAdapter);

  // isLoaded turns true one render before sendMessage can reach the instance: wait for both.
  const loaded = isLoaded && instance !== null;
  useEffect(() => {
    bridge.update({ loaded, sendMessage, unload });
  }, [bridge, loaded, sendMessage, unload]);
  useEffect(() => {
    bridge.progress(loadingProgression);
  }, [bridge, loadingProgression]);
  useEffect(() => {
    if (initialisationError) bridge.failed(initialisationError);
  }, [bridge, initialisationError]);

  useEffect(() => {
    // react-unity-webgl calls one listener per event name, so each name gets its own.
    const handlers = engineEventNames.map(
      (name) => [name, (json?: unknown) => bridge.dispatch(name, json)] as const,
    );
    for (const [name, handler] of handlers) addEventListener(name, handler);
    return () => {
      for (const [name, handler] of handlers) removeEventListener(name, handler);
    };
  }, [bridge, addEventListener, removeEventListener]);

  useEffect(() => {
    onAdapterRef.current(bridge.adapter);
  }, [bridge]);

  return <Unity unityProvider={unityProvider} style={fill} />;
}
