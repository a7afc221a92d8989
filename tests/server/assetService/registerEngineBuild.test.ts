import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkBuildFolder,
  main,
  RegistrationError,
  registerEngineBuild,
  unsetEngineBuild,
} from '../../../scripts/register-engine-build';
import { writeFakeBuild } from './buildFixture';

const run = promisify(execFile);
const repoRoot = path.resolve(__dirname, '../../..');

describe('registering an engine build', () => {
  let work: string;
  let source: string;
  let buildsDir: string;

  beforeEach(() => {
    work = mkdtempSync(path.join(tmpdir(), 'engine-register-'));
    source = writeFakeBuild(work);
    buildsDir = path.join(work, 'data', 'engine-builds');
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  const current = () => readFileSync(path.join(buildsDir, 'current'), 'utf8');
  const problemsOf = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RegistrationError);
    return (error as RegistrationError).problems;
  };

  it("copies the players' Build and StreamingAssets folders in and makes the version current", async () => {
    const { folder } = await registerEngineBuild({ source, version: 'v1.2', buildsDir });
    expect(folder).toBe(path.join(buildsDir, 'v1.2'));
    expect(current()).toBe('v1.2\n');
    expect(readdirSync(folder).sort()).toEqual(['Editor', 'Inspector', 'Viewer']);
    expect(readdirSync(path.join(folder, 'Viewer')).sort()).toEqual(['Build', 'StreamingAssets']);
    expect(readdirSync(path.join(folder, 'Viewer', 'Build')).sort()).toEqual([
      'Viewer.data.br',
      'Viewer.framework.js.br',
      'Viewer.loader.js',
      'Viewer.wasm.br',
    ]);
    expect(readFileSync(path.join(folder, 'Editor', 'Build', 'Editor.wasm.br'))).toEqual(
      readFileSync(path.join(source, 'Editor', 'Build', 'Editor.wasm.br')),
    );
    expect(existsSync(path.join(folder, 'Viewer', 'StreamingAssets', 'videos', 'intro.mp4'))).toBe(true);
    // Nothing half-done is left behind: no temp folders or files beside the builds.
    expect(readdirSync(buildsDir).sort()).toEqual(['current', 'v1.2']);
  });

  it('moves `current` to a newer version and leaves the older one in place', async () => {
    await registerEngineBuild({ source, version: 'v1', buildsDir });
    await registerEngineBuild({ source, version: 'v2', buildsDir });
    expect(current()).toBe('v2\n');
    expect(readdirSync(buildsDir).sort()).toEqual(['current', 'v1', 'v2']);
  });

  it('never overwrites a registered version (browsers cache its files for a year)', async () => {
    await registerEngineBuild({ source, version: 'v1', buildsDir });
    await registerEngineBuild({ source, version: 'v2', buildsDir });
    const problems = await problemsOf(registerEngineBuild({ source, version: 'v1', buildsDir }));
    expect(problems.join('\n')).toMatch(/Version v1 is already registered/);
    expect(current()).toBe('v2\n');
  });

  it.each([
    ['', /Invalid version ""/],
    ['../escape', /Invalid version/],
    ['.hidden', /Invalid version/],
    ['a'.repeat(65), /Invalid version/],
    ['with space', /Invalid version/],
    ['current', /names the current build/],
  ])('refuses the version %j', async (version, message) => {
    const problems = await problemsOf(registerEngineBuild({ source, version, buildsDir }));
    expect(problems.join('\n')).toMatch(message);
    expect(existsSync(buildsDir)).toBe(false);
  });

  it('names every missing folder and file of an incomplete build, and registers nothing', async () => {
    rmSync(path.join(source, 'Inspector'), { recursive: true });
    unlinkSync(path.join(source, 'Viewer', 'Build', 'Viewer.wasm.br'));
    unlinkSync(path.join(source, 'Editor', 'Build', 'Editor.loader.js'));
    const problems = await problemsOf(registerEngineBuild({ source, version: 'v1', buildsDir }));
    expect(problems[0]).toMatch(/is not a Unity brotli build/);
    expect(problems.slice(1)).toEqual([
      `  Editor: missing ${path.join('Editor', 'Build', 'Editor.loader.js')}`,
      `  Viewer: missing ${path.join('Viewer', 'Build', 'Viewer.wasm.br')}`,
      `  Inspector: missing folder ${path.join('Inspector', 'Build')}`,
    ]);
    expect(existsSync(buildsDir)).toBe(false);
  });

  it('refuses a folder that is not there, and a gzip build', async () => {
    expect(await checkBuildFolder(path.join(work, 'nowhere'))).toEqual([
      `${path.join(work, 'nowhere')} is not a folder`,
    ]);
    const gzip = writeFakeBuild(work, 'gzip-build');
    unlinkSync(path.join(gzip, 'Viewer', 'Build', 'Viewer.data.br'));
    expect(await checkBuildFolder(gzip)).toEqual([
      `Viewer: missing ${path.join('Viewer', 'Build', 'Viewer.data.br')}`,
    ]);
  });

  it('refuses symbolic links, which could lead out of the build', async () => {
    symlinkSync('/etc/passwd', path.join(source, 'Viewer', 'StreamingAssets', 'passwd'));
    expect(await checkBuildFolder(source)).toEqual([
      `Viewer: ${path.join('Viewer', 'StreamingAssets', 'passwd')} is a symbolic link; copy the real file in`,
    ]);
  });

  it('unsets the current build, going back to the built-in engine', async () => {
    expect(await unsetEngineBuild(buildsDir)).toBe(false);
    await registerEngineBuild({ source, version: 'v1', buildsDir });
    expect(await unsetEngineBuild(buildsDir)).toBe(true);
    expect(existsSync(path.join(buildsDir, 'current'))).toBe(false);
    expect(existsSync(path.join(buildsDir, 'v1'))).toBe(true);
  });

  describe('the command line', () => {
    const quiet = () => ({
      log: vi.spyOn(console, 'log').mockImplementation(() => {}),
      error: vi.spyOn(console, 'error').mockImplementation(() => {}),
    });
    afterEach(() => vi.restoreAllMocks());

    it('reads the builds folder like the server: --data-dir, DATA_DIR or ENGINE_BUILDS_DIR', async () => {
      quiet();
      expect(await main([source, 'a', '--data-dir', path.join(work, 'data')], {})).toBe(0);
      expect(current()).toBe('a\n');
      expect(await main([source, 'b'], { DATA_DIR: path.join(work, 'data') })).toBe(0);
      expect(current()).toBe('b\n');
      const elsewhere = path.join(work, 'elsewhere');
      expect(await main([source, 'c', '--data-dir', work], { ENGINE_BUILDS_DIR: elsewhere })).toBe(0);
      expect(readFileSync(path.join(elsewhere, 'current'), 'utf8')).toBe('c\n');
    });

    it('exits with 1 and says why on wrong arguments, a bad build or a bad environment', async () => {
      const { error } = quiet();
      const data = ['--data-dir', path.join(work, 'data')];
      expect(await main([...data], {})).toBe(1);
      expect(await main([source, ...data], {})).toBe(1);
      expect(await main([source, 'v1', 'extra', ...data], {})).toBe(1);
      expect(await main([source, 'v1', '--bogus', ...data], {})).toBe(1);
      expect(await main(['--unset', source, ...data], {})).toBe(1);
      expect(await main([work, 'v1', ...data], {})).toBe(1);
      expect(await main([source, 'v1'], { DATA_DIR: work, PORT: 'eighty' })).toBe(1);
      const said = error.mock.calls.map((c) => String(c[0])).join('\n');
      expect(said).toMatch(/Give a build folder and a version/);
      expect(said).toMatch(/--unset takes no folder or version/);
      expect(said).toMatch(/is not a Unity brotli build/);
      expect(said).toMatch(/PORT/);
      expect(existsSync(path.join(buildsDir, 'current'))).toBe(false);
    });

    it('runs as `npm run engine:register` in its own process', async () => {
      const env = { ...process.env, DATA_DIR: path.join(work, 'data'), ENGINE_BUILDS_DIR: '' };
      const script = ['--import', 'tsx', 'scripts/register-engine-build.ts'];
      const ok = await run(process.execPath, [...script, source, '2025.06'], { cwd: repoRoot, env });
      expect(ok.stdout).toMatch(/Engine build 2025\.06 registered/);
      expect(current()).toBe('2025.06\n');

      const failed = await run(process.execPath, [...script, work, '2025.07'], { cwd: repoRoot, env }).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/Editor: missing folder/);
      expect(current()).toBe('2025.06\n');

      const unset = await run(process.execPath, [...script, '--unset'], { cwd: repoRoot, env });
      expect(unset.stdout).toMatch(/built-in engine is used/);
      expect(existsSync(path.join(buildsDir, 'current'))).toBe(false);
    });
  });
});
