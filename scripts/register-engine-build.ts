/**
 * Registers a Unity WebGL engine build so the platform uses it instead of the built-in engine:
 *
 *   npm run engine:register -- <folder> <version> [--data-dir <dir>]
 *   npm run engine:register -- --unset [--data-dir <dir>]
 *
 * The folder holds Editor/, Viewer/ and Inspector/, each a brotli build with Build/<Player>.loader.js,
 * .data.br, .framework.js.br and .wasm.br (and optionally StreamingAssets/). It is copied into
 * ENGINE_BUILDS_DIR/<version> and `current` is pointed at it; both steps are renames, so a running
 * server (or several sharing the folder) never sees half a build. `--unset` goes back to the
 * built-in engine. The builds folder comes from the environment exactly as the server reads it.
 */
import { randomBytes } from 'node:crypto';
import { cp, lstat, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  currentBuildName,
  EngineBuildVersion,
  enginePlayers,
  playerBuildFiles,
  playerBuildFolders,
} from '../contracts/engineBuilds';
import { ConfigError, loadConfig } from '../server/config';

export class RegistrationError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'RegistrationError';
  }
}

const usage = `Usage:
  npm run engine:register -- <folder> <version> [--data-dir <dir>]   use a Unity build
  npm run engine:register -- --unset [--data-dir <dir>]              go back to the built-in engine

The builds folder is ENGINE_BUILDS_DIR, else <DATA_DIR>/engine-builds (DATA_DIR defaults to ./data).`;

async function kindOf(file: string): Promise<'file' | 'folder' | 'link' | 'other' | 'missing'> {
  try {
    const info = await lstat(file);
    if (info.isSymbolicLink()) return 'link';
    return info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other';
  } catch {
    return 'missing';
  }
}

/** Every symbolic link under a folder: a build is copied as real files, never as links out of it. */
async function linksUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isSymbolicLink()).map((e) => path.join(e.parentPath, e.name));
}

/** What is wrong with a build folder, in words for the person registering it; empty when it is fine. */
export async function checkBuildFolder(source: string): Promise<string[]> {
  if ((await kindOf(source)) !== 'folder') return [`${source} is not a folder`];
  const problems: string[] = [];
  for (const player of enginePlayers) {
    const buildDir = path.join(source, player, 'Build');
    if ((await kindOf(buildDir)) !== 'folder') {
      problems.push(`${player}: missing folder ${path.join(player, 'Build')}`);
      continue;
    }
    for (const name of Object.values(playerBuildFiles(player))) {
      const kind = await kindOf(path.join(buildDir, name));
      if (kind !== 'file') {
        problems.push(
          `${player}: ${kind === 'missing' ? 'missing' : 'not a file:'} ${path.join(player, 'Build', name)}`,
        );
      }
    }
    for (const folder of playerBuildFolders) {
      const dir = path.join(source, player, folder);
      if ((await kindOf(dir)) !== 'folder') continue;
      for (const link of await linksUnder(dir)) {
        problems.push(`${player}: ${path.relative(source, link)} is a symbolic link; copy the real file in`);
      }
    }
  }
  return problems;
}

const tempName = (label: string) => `.${label}-${process.pid}-${randomBytes(4).toString('hex')}`;

/** Points `current` at a version by writing a temp file and renaming it over the old one. */
async function writeCurrent(buildsDir: string, version: string) {
  const temp = path.join(buildsDir, tempName('current'));
  await writeFile(temp, `${version}\n`);
  await rename(temp, path.join(buildsDir, currentBuildName));
}

/**
 * Validates `source`, copies its players' Build/ and StreamingAssets/ into `<buildsDir>/<version>`
 * and makes it the current build. A version is never overwritten: browsers cache its files for a
 * year, so a changed build needs a new version name.
 */
export async function registerEngineBuild(options: {
  source: string;
  version: string;
  buildsDir: string;
}): Promise<{ folder: string }> {
  const source = path.resolve(options.source);
  const { version, buildsDir } = options;
  const versionCheck = EngineBuildVersion.safeParse(version);
  if (!versionCheck.success) {
    throw new RegistrationError([`Invalid version "${version}": ${versionCheck.error.issues[0].message}`]);
  }
  const problems = await checkBuildFolder(source);
  if (problems.length) {
    throw new RegistrationError([`${source} is not a Unity brotli build:`, ...problems.map((p) => `  ${p}`)]);
  }

  const folder = path.join(buildsDir, version);
  if ((await kindOf(folder)) !== 'missing') {
    throw new RegistrationError([
      `Version ${version} is already registered (${folder}); choose a new version`,
    ]);
  }
  await mkdir(buildsDir, { recursive: true });
  const temp = path.join(buildsDir, tempName(`incoming-${version}`));
  try {
    for (const player of enginePlayers) {
      for (const sub of playerBuildFolders) {
        const from = path.join(source, player, sub);
        if ((await kindOf(from)) === 'folder') {
          await cp(from, path.join(temp, player, sub), { recursive: true, errorOnExist: true, force: false });
        }
      }
    }
    await rename(temp, folder);
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') {
      throw new RegistrationError([`Version ${version} was registered meanwhile; choose a new version`]);
    }
    throw error;
  }
  await writeCurrent(buildsDir, version);
  return { folder };
}

/** Removes `current`: the platform goes back to the built-in engine. True when there was one. */
export async function unsetEngineBuild(buildsDir: string): Promise<boolean> {
  const file = path.join(buildsDir, currentBuildName);
  const existed = (await kindOf(file)) !== 'missing';
  await rm(file, { force: true });
  return existed;
}

/** The command line; returns the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined>): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' }, unset: { type: 'boolean' }, help: { type: 'boolean' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 1;
  }
  const { values, positionals } = args;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  let buildsDir: string;
  try {
    const dataDir = values['data-dir'];
    buildsDir = loadConfig(dataDir === undefined ? env : { ...env, DATA_DIR: dataDir }).engineBuildsDir;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  if (values.unset) {
    if (positionals.length) {
      console.error(`--unset takes no folder or version\n\n${usage}`);
      return 1;
    }
    const existed = await unsetEngineBuild(buildsDir);
    console.log(
      existed
        ? `No engine build is current now: the built-in engine is used (${buildsDir}).`
        : `No engine build was current: the built-in engine is used (${buildsDir}).`,
    );
    return 0;
  }
  if (positionals.length !== 2) {
    console.error(`Give a build folder and a version\n\n${usage}`);
    return 1;
  }
  const [source, version] = positionals;
  try {
    const { folder } = await registerEngineBuild({ source, version, buildsDir });
    console.log(`Engine build ${version} registered in ${folder} and made current.`);
    return 0;
  } catch (error) {
    if (error instanceof RegistrationError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
