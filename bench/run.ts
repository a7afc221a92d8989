// `npm run bench` prints each benchmark as a ratio against a baseline measured in the same run
// (these machines are shared and noisy); `npm run bench -- --check` fails when a goal is missed.
import { existsSync, readdirSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchAoBake } from './aoBake';
import { benchAssets, benchModelFirstFrame } from './assets';
import { benchAvatars } from './avatars';
import { benchDistrictHomeSize, benchFirstVisitSize } from './bundleSize';
import { benchDistricts } from './districts';
import { benchEditor } from './editor';
import { benchEngine } from './engine';
import { benchExplore } from './explore';
import { benchFileThroughput } from './fileThroughput';
import { benchPresence } from './presence';
import { benchScenes } from './scenes';
import { type BenchResult, meetsGoal } from './types';

const check = process.argv.includes('--check');
// `npm run bench -- engine` runs only the named benchmarks.
const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// The engine benchmarks drive /dev/engine: they need a build with the development pages. The
// ones in withoutBuild need none: naming only them skips the build.
const withoutBuild = new Set(['files', 'assets', 'districts', 'presence']);
const hasDevPages = () =>
  existsSync('dist/spa/static/js/async') &&
  readdirSync('dist/spa/static/js/async').some((f) => f.startsWith('dev-engine.'));
const needsBuild = named.length === 0 || named.some((n) => !withoutBuild.has(n));
if (needsBuild && (!existsSync('dist/spa/index.html') || !hasDevPages())) {
  execSync('npm run build', { stdio: 'inherit', env: { ...process.env, SPACES_DEV_PAGES: 'true' } });
}

const benches: Record<string, () => Promise<BenchResult | BenchResult[]>> = {
  size: benchFirstVisitSize,
  'district-size': benchDistrictHomeSize,
  files: benchFileThroughput,
  scenes: benchScenes,
  engine: benchEngine,
  editor: benchEditor,
  explore: benchExplore,
  districts: benchDistricts,
  assets: benchAssets,
  'model-view': benchModelFirstFrame,
  'ao-bake': benchAoBake,
  presence: benchPresence,
  avatars: benchAvatars,
};
const results: BenchResult[] = [];
/** Which benchmark gave each result, to run it again. */
const origin = new Map<BenchResult, string>();
for (const [name, bench] of Object.entries(benches)) {
  if (named.length && !named.includes(name)) continue;
  const started = performance.now();
  for (const r of [await bench()].flat()) {
    origin.set(r, name);
    report(r);
  }
  // How long each benchmark takes, so CI's time can be watched and kept bounded.
  console.log(`      (${name} took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

// With --check, a missed budget is measured once more and the better run counts: a noisy moment
// on a shared machine does not block landing, a real miss still does.
if (check) {
  const rerun = new Set(results.filter((r) => !meetsGoal(r) && !r.knownMiss).map((r) => origin.get(r)!));
  for (const name of rerun) {
    console.log(`\nA budget of '${name}' was missed: measuring it once more. ${machineLoad()}`);
    const started = performance.now();
    for (const again of [await benches[name]()].flat()) {
      const i = results.findIndex((r) => r.name === again.name);
      if (i < 0 || meetsGoal(results[i])) continue;
      // Printed either way, so a log that keeps only its end still shows what the miss measured.
      report(again, false);
      if (isBetter(again, results[i])) results[i] = again;
    }
    console.log(`      (${name} took ${((performance.now() - started) / 1000).toFixed(0)} s again)`);
  }
}

/** The machine's load and its busiest other processes: what else competed with a missed run. */
function machineLoad() {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  let busiest: string;
  try {
    busiest = execSync('ps -eo pcpu=,rss=,comm= --sort=-pcpu', { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.trim() && !line.includes(' ps'))
      .slice(0, 4)
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .join('; ');
  } catch {
    busiest = 'ps is not available';
  }
  return `Load ${load}; busiest processes (% CPU, KB resident, name): ${busiest}`;
}

/** Whether `a` is nearer its goal than `b` (same benchmark, two runs). */
function isBetter(a: BenchResult, b: BenchResult) {
  if (a.goal.max !== undefined) return a.ratio < b.ratio;
  return a.ratio > b.ratio;
}

function report(r: BenchResult, record = true) {
  if (record) results.push(r);
  const goal = [
    r.goal.min !== undefined ? `≥ ${r.goal.min}` : '',
    r.goal.max !== undefined ? `≤ ${r.goal.max}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const verdict = meetsGoal(r) ? 'PASS' : r.knownMiss ? 'MISS (known)' : 'MISS';
  console.log(
    `${verdict}  ${r.name}: ratio ${r.ratio.toFixed(3)} (goal ${goal})\n      ${r.details}${!meetsGoal(r) && r.knownMiss ? `\n      known miss: ${r.knownMiss}` : ''}`,
  );
}

const known = results.filter((r) => !meetsGoal(r) && r.knownMiss);
if (known.length > 0)
  console.warn(`${known.length} budget(s) known to be missed: ${known.map((r) => r.name).join('; ')}`);
const missed = results.filter((r) => !meetsGoal(r) && !r.knownMiss);
if (check && missed.length > 0) {
  console.error(`${missed.length} budget(s) missed: ${missed.map((r) => r.name).join('; ')}`);
  process.exit(1);
}
process.exit(0);
