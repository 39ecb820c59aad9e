/** The size budget of issue #16: the runtime and a 10-tool registry, minified and gzipped. */
export const BUNDLE_BUDGET_BYTES = 15 * 1024;
