/**
 * The names (of entries and toolsets) every provider and MCP accept as they are: what a build
 * writes, and what `register()` takes (define-tool.ts keeps its own copy of the expression:
 * importing this one costs the browser bundle 16 gzip bytes).
 */
export const ENTRY_NAME = /^[A-Za-z0-9._-]{1,128}$/;

/** What a manifest's check says a name must be. */
export const NAME_RULE = "1 to 128 letters, digits, '_', '-' or '.'";
