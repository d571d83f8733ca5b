/** The demo users' password in a database made by bench:seed, unless DEMO_PASSWORD says otherwise. */
export const BENCH_PASSWORD = "workspace-bench";

/** The demo administrator the benchmarks sign in as (bench:seed and the demo seed make it). */
export const BENCH_ADMIN_EMAIL = "admin@example.com";
