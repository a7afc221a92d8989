import { z } from 'zod';

/**
 * Engine builds (platform.md §3 'Engine build', §7.4 unityBuild, §7.7): a Unity WebGL build of each
 * engine player, registered on the server's disk and served at `/files/{version}/{player}/...`.
 * When no build is current the SPA runs the built-in engine. The server, the registration script
 * and the SPA read the names and URLs from here.
 */

export const enginePlayers = ['Editor', 'Viewer', 'Inspector'] as const;
export const EnginePlayer = z.enum(enginePlayers);
export type EnginePlayer = z.infer<typeof EnginePlayer>;

/** The build name the SPA asks for; the server's `current` file names its version. */
export const currentBuildName = 'current';

export const engineBuildVersionPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const EngineBuildVersion = z
  .string()
  .regex(
    engineBuildVersionPattern,
    'A version is 1 to 64 letters, digits, dots, underscores or hyphens, starting with a letter or digit',
  )
  // The builds folder holds the `current` file beside the version folders.
  .refine((v) => v !== currentBuildName, `"${currentBuildName}" names the current build, not a version`);

/** Where engine build files are served from. */
export const engineFilesPrefix = '/files';

/** The four files of a player's brotli build, in its `Build/` folder. */
export function playerBuildFiles(player: EnginePlayer) {
  return {
    loader: `${player}.loader.js`,
    data: `${player}.data.br`,
    framework: `${player}.framework.js.br`,
    code: `${player}.wasm.br`,
  } as const;
}

/** The build folders a player may hold: everything else in a player's folder is never served. */
export const playerBuildFolders = ['Build', 'StreamingAssets'] as const;

export const EnginePlayerUrls = z
  .object({
    loaderUrl: z.string(),
    dataUrl: z.string(),
    frameworkUrl: z.string(),
    codeUrl: z.string(),
    streamingAssetsUrl: z.string(),
  })
  .meta({ id: 'EnginePlayerUrls' });
export type EnginePlayerUrls = z.infer<typeof EnginePlayerUrls>;

/** The URLs react-unity-webgl loads one player of a build from. */
export function enginePlayerUrls(version: string, player: EnginePlayer): EnginePlayerUrls {
  const base = `${engineFilesPrefix}/${version}/${player}`;
  const files = playerBuildFiles(player);
  return {
    loaderUrl: `${base}/Build/${files.loader}`,
    dataUrl: `${base}/Build/${files.data}`,
    frameworkUrl: `${base}/Build/${files.framework}`,
    codeUrl: `${base}/Build/${files.code}`,
    streamingAssetsUrl: `${base}/StreamingAssets`,
  };
}

export const EngineBuildPlayers = z.object({
  Editor: EnginePlayerUrls,
  Viewer: EnginePlayerUrls,
  Inspector: EnginePlayerUrls,
});
export type EngineBuildPlayers = z.infer<typeof EngineBuildPlayers>;

export const EngineBuild = z
  .object({
    unityBuildName: z.string().describe('The name asked for'),
    version: EngineBuildVersion,
    players: EngineBuildPlayers,
  })
  .meta({ id: 'EngineBuild' });
export type EngineBuild = z.infer<typeof EngineBuild>;

export function engineBuildOf(unityBuildName: string, version: string): EngineBuild {
  return {
    unityBuildName,
    version,
    players: {
      Editor: enginePlayerUrls(version, 'Editor'),
      Viewer: enginePlayerUrls(version, 'Viewer'),
      Inspector: enginePlayerUrls(version, 'Inspector'),
    },
  };
}

export const UnityBuildQuery = z.object({
  unityBuildName: z.enum([currentBuildName]).describe('Which build: only `current` is published'),
});

/** Empty when no engine build is current (the built-in engine is used), else the current build. */
export const UnityBuildList = z.array(EngineBuild).max(1);
export type UnityBuildList = z.infer<typeof UnityBuildList>;
