import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeFiles } from "./testing/fixture-program.js";
import { ANALYZER_FIXTURES, createTestAjv, readCaseSources } from "./testing/fixture-files.js";

/**
 * Tried as a new user would: the MCP reference `time`, `git` and `fetch` servers' tools,
 * written as annotated TypeScript (`fixtures/analyzer/mcp-servers/main.ts`). The schemas
 * toolgen generates must judge every sample argument object as the servers' own schemas do.
 */
const FOLDER = path.join(ANALYZER_FIXTURES, "mcp-servers");
const UPDATE = process.env.TOOLGEN_UPDATE_GOLDENS === "1";

interface Upstream {
  tools: Record<string, object>;
}
type Samples = Record<string, { agree: unknown[]; extra: unknown[] }>;

describe("the MCP reference servers (time, git, fetch), rewritten with toolgen", () => {
  const result = analyzeFiles(readCaseSources(FOLDER), "/fixture");
  const upstream = (JSON.parse(readFileSync(path.join(FOLDER, "upstream-schemas.json"), "utf8")) as Upstream).tools;
  const samples = JSON.parse(readFileSync(path.join(FOLDER, "samples.json"), "utf8")) as Samples;
  const ajv = createTestAjv();

  it("analyzes cleanly, one entry per upstream tool, under the same names", () => {
    expect(result.diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`)).toEqual([]);
    expect(result.manifest.entries.map((e) => e.name).sort()).toEqual(Object.keys(upstream).sort());
  });

  it("matches expected.json", () => {
    const file = path.join(FOLDER, "expected.json");
    const actual = JSON.stringify(result.manifest.entries, null, 2) + "\n";
    if (UPDATE || !existsSync(file)) writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it.each(Object.keys(upstream))("%s: accepts and rejects what the server's schema does", (name) => {
    const entry = result.manifest.entries.find((e) => e.name === name)!;
    const ours = ajv.compile(entry.inputSchema as object);
    const theirs = ajv.compile(upstream[name]!);
    const { agree, extra } = samples[name]!;
    const verdicts = agree.map((sample) => {
      const verdict = theirs(sample);
      expect(ours(sample), `${JSON.stringify(sample)}: the server says ${verdict ? "valid" : "invalid"}`).toBe(verdict);
      return verdict;
    });
    expect(verdicts, "samples should include accepted and rejected arguments").toContain(true);
    expect(verdicts).toContain(false);
    for (const sample of extra) {
      expect(theirs(sample), `${JSON.stringify(sample)}: the server's open object accepts an unknown property`).toBe(true);
      expect(ours(sample), `${JSON.stringify(sample)}: toolgen's closed object rejects it`).toBe(false);
    }
  });
});
