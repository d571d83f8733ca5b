/** The demo users' password in a database made by bench:seed, unless DEMO_PASSWORD says otherwise. */
export const BENCH_PASSWORD = "workspace-bench";
