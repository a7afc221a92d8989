/** One benchmark's figure: a ratio measured within one run, and the goal it must meet. */
export interface BenchResult {
  name: string;
  ratio: number;
  goal: { min?: number; max?: number };
  details: string;
  /**
   * Set when the budget is known to be out of reach and the note says so: a miss is then
   * printed with this reason but does not fail `--check`. A pass is still a pass.
   */
  knownMiss?: string;
}

export const meetsGoal = (r: BenchResult) =>
  (r.goal.min === undefined || r.ratio >= r.goal.min) && (r.goal.max === undefined || r.ratio <= r.goal.max);
