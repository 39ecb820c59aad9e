/**
 * The size budget of issue #16: the runtime and a 10-tool registry, minified and gzipped.
 * 15 KiB at first; 15.5 KiB once the runtime bounded what validation can cost (issue #20) and
 * checked `@scopes` (issue #23); 16.5 KiB since tools return content blocks and reach their
 * host through the context (issue #22) — see docs/benchmarks.md.
 */
export const BUNDLE_BUDGET_BYTES = 16.5 * 1024;
