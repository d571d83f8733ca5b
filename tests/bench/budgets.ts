/**
 * The budgets `npm run bench` holds each list to (docs/performance.md), and the verdict on a run's figures: a layer's
 * overhead is over its budget only when it is over by more than the noise measured in the same run, so that a busy
 * machine does not fail a sound build and a real regression fails on the day it lands.
 */

/** What each layer may add over the one below it, at concurrency 1, in milliseconds. */
export const overheadBudgets: Record<"apiOverSql" | "pageOverApi", { median: number; p95?: number }> = {
  /** The API over its repository's SQL: a median only (its p95 follows the database's). */
  apiOverSql: { median: 2.5 },
  /** The page over its API call (≤ 10 ms median, ≤ 20 ms p95). */
  pageOverApi: { median: 10, p95: 20 },
};

export type Layer = keyof typeof overheadBudgets;

/** One measured scenario's overheads at concurrency 1, and the noise of the same run. */
export interface MeasuredOverheads {
  list: string;
  scenario: string;
  apiOverSql: { median: number; p95: number };
  pageOverApi: { median: number; p95: number };
  /**
   * How far two measurements of the same API call in this scenario, one before and one after the page's, lay apart
   * (their medians' and their p95s' difference): what the machine's own drift may have added to any figure here.
   */
  noise: { median: number; p95: number };
}

export interface BudgetFailure {
  list: string;
  scenario: string;
  layer: Layer;
  statistic: "median" | "p95";
  overhead: number;
  budget: number;
  noise: number;
}

/** The scenarios' overheads that exceed their budget by more than the run's noise. */
export function overBudget(rows: readonly MeasuredOverheads[]): BudgetFailure[] {
  const failures: BudgetFailure[] = [];
  for (const row of rows) {
    for (const layer of Object.keys(overheadBudgets) as Layer[]) {
      for (const statistic of ["median", "p95"] as const) {
        const overhead = row[layer][statistic];
        const budget = overheadBudgets[layer][statistic];
        if (budget === undefined) continue;
        const noise = Math.abs(row.noise[statistic]);
        if (overhead > budget + noise) {
          failures.push({ list: row.list, scenario: row.scenario, layer, statistic, overhead, budget, noise });
        }
      }
    }
  }
  return failures;
}

const layerNames: Record<Layer, string> = { apiOverSql: "API over its SQL", pageOverApi: "page over its API call" };

/** A failure as the run prints it. */
export function describeFailure(failure: BudgetFailure): string {
  const ms = (value: number) => value.toFixed(1);
  return (
    `${failure.list}, ${failure.scenario}: the ${layerNames[failure.layer]} ${ms(failure.overhead)} ms ` +
    `(${failure.statistic}) is over its budget of ${ms(failure.budget)} ms by more than this run's noise ` +
    `(${ms(failure.noise)} ms)`
  );
}
