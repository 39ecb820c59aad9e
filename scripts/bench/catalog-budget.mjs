/** The catalog's budget (issue #19): the page of a 500-tool project, and its first screen in Chromium. */
export const CATALOG_BUDGET = { bytes: 2 * 1024 * 1024, firstScreenMs: 1000 };
