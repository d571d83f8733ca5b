import { describe, expect, it } from "vitest";
import { describeFailure, type MeasuredOverheads, overBudget } from "./budgets.ts";

const row = (changes: Partial<MeasuredOverheads>): MeasuredOverheads => ({
  list: "companies",
  scenario: "first page",
  apiOverSql: { median: 1.2, p95: 2.5 },
  pageOverApi: { median: 6, p95: 12 },
  noise: { median: 0.5, p95: 2 },
  ...changes,
});

describe("the bench's budgets", () => {
  it("passes overheads within their budgets", () => {
    expect(overBudget([row({})])).toEqual([]);
  });

  it("passes an overhead over its budget by less than the run's noise", () => {
    expect(overBudget([row({ pageOverApi: { median: 11, p95: 12 }, noise: { median: 1.5, p95: 2 } })])).toEqual([]);
  });

  it("fails a page over its budget by more than the noise, saying which list, figure and budget", () => {
    const failures = overBudget([
      row({ list: "contacts", scenario: "deep page", pageOverApi: { median: 24.2, p95: 33 } }),
    ]);
    expect(failures.map((failure) => [failure.layer, failure.statistic])).toEqual([
      ["pageOverApi", "median"],
      ["pageOverApi", "p95"],
    ]);
    expect(describeFailure(failures[0])).toBe(
      "contacts, deep page: the page over its API call 24.2 ms (median) is over its budget of 10.0 ms by more than " +
        "this run's noise (0.5 ms)",
    );
  });

  it("fails the API over its SQL on its own budget", () => {
    const failures = overBudget([row({ apiOverSql: { median: 4, p95: 4.5 } })]);
    expect(failures).toMatchObject([{ layer: "apiOverSql", statistic: "median", overhead: 4, budget: 2.5 }]);
    // Its p95 has no budget of its own.
    expect(overBudget([row({ apiOverSql: { median: 1, p95: 40 } })])).toEqual([]);
  });
});
