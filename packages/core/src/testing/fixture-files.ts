import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { createRequire } from "node:module";
import { REPO_ROOT } from "./fixture-program.js";

/* eslint-disable @typescript-eslint/consistent-type-imports */
const require = createRequire(import.meta.url);
const Ajv2020 = (require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js")).default;
const addFormats = (require("ajv-formats") as typeof import("ajv-formats")).default;
/* eslint-enable @typescript-eslint/consistent-type-imports */

export const ANALYZER_FIXTURES = path.join(REPO_ROOT, "fixtures/analyzer");

/** The case folders of a fixture suite, sorted. */
export function listCases(suite: string): string[] {
  const dir = path.join(ANALYZER_FIXTURES, suite);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** Every `.ts` file of a case folder (and its subfolders), by path relative to the folder. */
export function readCaseSources(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".ts")) files[path.relative(folder, full).split(path.sep).join("/")] = readFileSync(full, "utf8");
    }
  };
  walk(folder);
  return files;
}

/**
 * The Ajv the tests check schemas with: draft 2020-12, formats, and strict mode (unknown
 * keywords or formats, or keywords that cannot apply, are errors — not silently ignored).
 * `strictTuples` is off: a tuple with optional elements has fewer `minItems` than
 * `prefixItems` by design.
 */
export function createTestAjv() {
  // A named property its template-literal index signature also matches (`"at-note"` beside `` [k: `at-${string}`] ``) is TypeScript's, and the schema says it as TypeScript does.
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allErrors: true, allowUnionTypes: true, allowMatchingProperties: true, logger: false, validateSchema: true });
  addFormats(ajv);
  return ajv;
}
