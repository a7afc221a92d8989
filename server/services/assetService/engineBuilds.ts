import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  currentBuildName,
  type EngineBuild,
  engineBuildOf,
  EngineBuildVersion,
  EnginePlayer,
  playerBuildFolders,
} from '../../../contracts/engineBuilds';

/** A build file that may be served. */
export interface BuildFile {
  path: string;
  /** The file's name, which says its type (`Viewer.wasm.br`). */
  name: string;
  size: number;
  mtimeMs: number;
}

const isMissing = (error: unknown) =>
  (error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR';

/** A path segment that stays where it is: no parent, no separator, no drive, no NUL. */
const isPlainSegment = (segment: string) =>
  segment !== '' && segment !== '.' && segment !== '..' && !/[\\/:\0]/.test(segment);

const isInside = (parent: string, child: string) => child.startsWith(parent + path.sep);

/**
 * The registered engine builds, straight from disk (platform.md §7.4, §7.7): `<root>/<version>/`
 * per build and `<root>/current` naming the current one. Nothing is cached, so a build registered
 * by the script (or on another server sharing the volume) counts from the next request.
 */
export class EngineBuildDirectory {
  /** The last problem logged, so a broken `current` file is reported once, not on every request. */
  private lastWarning: string | undefined;

  constructor(
    readonly root: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The current build, or null when none is registered or `current` names no usable build. */
  async current(): Promise<EngineBuild | null> {
    const version = await this.currentVersion();
    return version === null ? null : engineBuildOf(currentBuildName, version);
  }

  private async currentVersion(): Promise<string | null> {
    const file = path.join(this.root, currentBuildName);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if (isMissing(error)) return this.fine(null);
      return this.warn(`engine builds: cannot read ${file}: ${(error as Error).message}`);
    }
    const version = text.trim();
    if (!EngineBuildVersion.safeParse(version).success) {
      return this.warn(`engine builds: ${file} names an invalid version ${JSON.stringify(version)}`);
    }
    const folder = path.join(this.root, version);
    const found = await stat(folder).catch(() => null);
    if (!found?.isDirectory()) {
      return this.warn(`engine builds: ${file} names version ${version}, which has no folder ${folder}`);
    }
    return this.fine(version);
  }

  /**
   * A file of a player's build, or null (answered as 404) for unknown versions, players and files
   * and for any path that would leave the player's `Build/` or `StreamingAssets/` folder.
   */
  async file(version: string, player: string, rest: string): Promise<BuildFile | null> {
    if (!EngineBuildVersion.safeParse(version).success) return null;
    if (!EnginePlayer.safeParse(player).success) return null;
    const segments = rest.split('/');
    if (segments.length < 2 || !segments.every(isPlainSegment)) return null;
    if (!(playerBuildFolders as readonly string[]).includes(segments[0])) return null;

    const playerDir = path.join(this.root, version, player);
    const wanted = path.join(playerDir, ...segments);
    if (!isInside(playerDir, wanted)) return null;
    try {
      // A symbolic link inside a build must not lead out of the builds folder.
      const [realRoot, real] = await Promise.all([realpath(this.root), realpath(wanted)]);
      if (!isInside(realRoot, real)) return null;
      const info = await stat(real);
      if (!info.isFile()) return null;
      return { path: real, name: segments[segments.length - 1], size: info.size, mtimeMs: info.mtimeMs };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private fine<T>(value: T): T {
    this.lastWarning = undefined;
    return value;
  }

  private warn(message: string): null {
    if (message !== this.lastWarning) this.log.warn(`${message}; the built-in engine is used`);
    this.lastWarning = message;
    return null;
  }
}
