/**
 * The size budget of issue #16: the runtime and a 10-tool registry, minified and gzipped.
 * 15 KiB at first; 15.5 KiB since the runtime bounds what validation can cost (issue #20) and
 * checks `@scopes` (issue #23) — see docs/benchmarks.md.
 */
export const BUNDLE_BUDGET_BYTES = 15.5 * 1024;
