// `npm run bench` prints each benchmark as a ratio against a baseline measured in the same run
// (these machines are shared and noisy); `npm run bench -- --check` fails when a goal is missed.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { benchFirstVisitSize } from './bundleSize';
import { benchFileThroughput } from './fileThroughput';
import { type BenchResult, meetsGoal } from './types';

const check = process.argv.includes('--check');
if (!existsSync('dist/spa/index.html')) execSync('npm run build', { stdio: 'inherit' });

const benches: (() => Promise<BenchResult>)[] = [benchFirstVisitSize, benchFileThroughput];
const results: BenchResult[] = [];
for (const bench of benches) {
  const r = await bench();
  results.push(r);
  const goal = [
    r.goal.min !== undefined ? `≥ ${r.goal.min}` : '',
    r.goal.max !== undefined ? `≤ ${r.goal.max}` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  console.log(
    `${meetsGoal(r) ? 'PASS' : 'MISS'}  ${r.name}: ratio ${r.ratio.toFixed(3)} (goal ${goal})\n      ${r.details}`,
  );
}
const missed = results.filter((r) => !meetsGoal(r));
if (check && missed.length > 0) {
  console.error(`${missed.length} budget(s) missed: ${missed.map((r) => r.name).join('; ')}`);
  process.exit(1);
}
process.exit(0);
