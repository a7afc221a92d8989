import type { KyInstance } from 'ky';
import {
  currentBuildName,
  type EngineBuildPlayers,
  type EnginePlayer,
  type EnginePlayerUrls,
  UnityBuildList,
} from '../../contracts/engineBuilds';
import { createApi } from './api';

/** Which engine files to load: a Unity build's, or empty URLs for the built-in engine. */
export interface EngineBuildUrls {
  /** The build's version; '' when there is none. */
  version: string;
  players: EngineBuildPlayers;
}

const emptyPlayerUrls: EnginePlayerUrls = {
  loaderUrl: '',
  dataUrl: '',
  frameworkUrl: '',
  codeUrl: '',
  streamingAssetsUrl: '',
};

/** No engine build: every URL empty (platform.md §8), so the built-in engine runs. */
export const noEngineBuild: EngineBuildUrls = {
  version: '',
  players: { Editor: emptyPlayerUrls, Viewer: emptyPlayerUrls, Inspector: emptyPlayerUrls },
};

/** The URLs of one player, or null when the built-in engine is to be used. */
export function unityPlayerUrls(build: EngineBuildUrls, player: EnginePlayer): EnginePlayerUrls | null {
  const urls = build.players[player];
  return build.version && urls.loaderUrl ? urls : null;
}

/** The lookup needs no sign-in; an expired token must not turn it into a 401. */
let anonymousApi: KyInstance | undefined;
const defaultApi = () => (anonymousApi ??= createApi({ token: () => undefined, onForbidden: () => {} }));

/**
 * Asks the asset service for the current engine build (platform.md §7.4). Never fails: no build,
 * an answer without a version, or a failed lookup all give `noEngineBuild` (platform.md §8). Only
 * one retry, so the built-in engine starts soon when the server is in trouble.
 */
export async function lookupEngineBuild(signal?: AbortSignal, api: KyInstance = defaultApi()) {
  try {
    const answer = await api
      .get('assetService/unityBuild', {
        searchParams: { unityBuildName: currentBuildName },
        signal,
        retry: 1,
        timeout: 10_000,
      })
      .json();
    const parsed = UnityBuildList.safeParse(answer);
    const first = parsed.success ? parsed.data[0] : undefined;
    if (!first) return noEngineBuild;
    return { version: first.version, players: first.players } satisfies EngineBuildUrls;
  } catch {
    return noEngineBuild;
  }
}
