import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeFiles, REPO_ROOT } from "../testing/fixture-program.js";
import { diffManifests } from "./diff-manifests.js";

/**
 * The contract goldens: `fixtures/contracts/<case>/old.ts` and `new.ts` are two versions of one
 * module; `expected.json` is their `toolgen diff --json`, reviewed by eye
 * (`TOOLGEN_UPDATE_GOLDENS=1` rewrites it). Each case covers kinds of change docs/contracts.md
 * lists, with the severity it documents.
 */
const UPDATE = process.env.TOOLGEN_UPDATE_GOLDENS === "1";
const SUITE = path.join(REPO_ROOT, "fixtures/contracts");

function entriesOf(file: string) {
  const result = analyzeFiles({ "main.ts": readFileSync(file, "utf8") }, "/fixture");
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((d) => `${d.code} ${d.line}:${d.column} ${d.message}`), file).toEqual([]);
  return result.manifest.entries;
}

describe.each(readdirSync(SUITE).sort())("contracts/%s", (name) => {
  it("classifies every change as expected.json says", () => {
    const folder = path.join(SUITE, name);
    const actual = JSON.stringify(diffManifests(entriesOf(path.join(folder, "old.ts")), entriesOf(path.join(folder, "new.ts"))), null, 2) + "\n";
    const file = path.join(folder, "expected.json");
    if (UPDATE || !existsSync(file)) writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });
});
