import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { analyzeFiles, readFixtureOptions } from "./testing/fixture-program.js";
import { ANALYZER_FIXTURES, createTestAjv, listCases, readCaseSources } from "./testing/fixture-files.js";

/**
 * The golden suite: `fixtures/analyzer/valid/<case>/` holds `main.ts` (and any other sources),
 * `expected.json` (the manifest entries, reviewed by eye) and `samples.json` (argument objects
 * each entry must accept and reject). `TOOLGEN_UPDATE_GOLDENS=1` rewrites `expected.json`.
 */
const UPDATE = process.env.TOOLGEN_UPDATE_GOLDENS === "1";
const SUITE = path.join(ANALYZER_FIXTURES, "valid");

interface Samples {
  valid: unknown[];
  invalid: unknown[];
}

describe.each(listCases("valid"))("valid/%s", (name) => {
  const folder = path.join(SUITE, name);
  const sources = readCaseSources(folder);
  const result = analyzeFiles(sources, "/fixture", readFixtureOptions(folder));
  const entries = result.manifest.entries;

  it("is valid TypeScript and gives no toolgen diagnostic", () => {
    const tsErrors = ts.getPreEmitDiagnostics(result.program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(tsErrors).toEqual([]);
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([]);
  });

  it("matches expected.json", () => {
    const file = path.join(folder, "expected.json");
    const actual = JSON.stringify(entries, null, 2) + "\n";
    if (UPDATE || !existsSync(file)) writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it("emits schemas that are valid draft 2020-12, and accept and reject the samples", () => {
    const samples = JSON.parse(readFileSync(path.join(folder, "samples.json"), "utf8")) as Record<string, Samples>;
    const ajv = createTestAjv();
    const schemas = new Map<string, object>();
    for (const entry of entries) {
      schemas.set(entry.name, entry.inputSchema as object);
      if (entry.outputSchema) schemas.set(`${entry.name}#output`, entry.outputSchema as object);
    }
    for (const [key, schema] of schemas) {
      expect(ajv.validateSchema(schema), `${key}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
      const validate = ajv.compile(schema);
      if (!key.endsWith("#output")) expect(samples[key], `samples.json has no samples for '${key}'`).toBeDefined();
      const { valid = [], invalid = [] } = samples[key] ?? {};
      if (!key.endsWith("#output")) {
        expect(valid.length, `'${key}' needs a valid sample`).toBeGreaterThan(0);
        expect(invalid.length, `'${key}' needs an invalid sample`).toBeGreaterThan(0);
      }
      for (const sample of valid) expect(validate(sample), `${key} should accept ${JSON.stringify(sample)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      for (const sample of invalid) expect(validate(sample), `${key} should reject ${JSON.stringify(sample)}`).toBe(false);
    }
    for (const key of Object.keys(samples)) expect(schemas.has(key), `samples.json names '${key}', which is no entry`).toBe(true);
  });
});
