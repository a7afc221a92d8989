/** One benchmark's figure: a ratio measured within one run, and the goal it must meet. */
export interface BenchResult {
  name: string;
  ratio: number;
  goal: { min?: number; max?: number };
  details: string;
}

export const meetsGoal = (r: BenchResult) =>
  (r.goal.min === undefined || r.ratio >= r.goal.min) && (r.goal.max === undefined || r.ratio <= r.goal.max);
