import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { analyzeFiles, REPO_ROOT } from "../testing/fixture-program.js";
import { analyze, type AnalyzeOptions } from "../analyze.js";
import { LINT_RULES, type LintConfig } from "./lint-rules.js";

/**
 * The lint suite: `fixtures/lint/<rule>/raises.ts` raises that rule (its findings, reviewed,
 * in `expected.json`; `TOOLGEN_UPDATE_GOLDENS=1` rewrites it) and `clean.ts` — the same tools
 * written well — raises no finding at all. A folder's `config.json` is its `lint` config;
 * `previous.ts`, the last build. `reference-servers/clean.ts` holds the MCP reference servers'
 * tools: the rules are tuned so that they raise nothing.
 */
const UPDATE = process.env.TOOLGEN_UPDATE_GOLDENS === "1";
const SUITE = path.join(REPO_ROOT, "fixtures/lint");
const CASES = readdirSync(SUITE).sort();

function lint(folder: string, file: string) {
  const read = (name: string) => readFileSync(path.join(folder, name), "utf8");
  const config: LintConfig = existsSync(path.join(folder, "config.json")) ? (JSON.parse(read("config.json")) as LintConfig) : {};
  const previous = existsSync(path.join(folder, "previous.ts")) ? analyzeFiles({ "main.ts": read("previous.ts") }, "/fixture").manifest.entries : undefined;
  const program = analyzeFiles({ "main.ts": read(file) }, "/fixture").program;
  const result = analyze(program, { ts: tsOf(), packageRoot: "/fixture", packageName: "fixture", lint: { ...config, ...(previous ? { previous } : {}) } });
  return result.diagnostics.map((d) => ({ code: d.code, rule: d.rule, severity: d.severity, line: d.line, column: d.column, entry: d.entryName, message: d.message }));
}

describe.each(CASES.filter((c) => c !== "reference-servers"))("lint/%s", (rule) => {
  const folder = path.join(SUITE, rule);

  it("raises.ts raises the rule, as expected.json says", () => {
    const findings = lint(folder, "raises.ts");
    expect(findings.map((f) => f.rule)).toContain(rule);
    expect(findings.every((f) => f.code === LINT_RULES[f.rule as keyof typeof LINT_RULES])).toBe(true);
    const file = path.join(folder, "expected.json");
    const actual = JSON.stringify(findings, null, 2) + "\n";
    if (UPDATE || !existsSync(file)) writeFileSync(file, actual);
    expect(actual).toBe(readFileSync(file, "utf8"));
  });

  it("clean.ts raises nothing", () => {
    expect(lint(folder, "clean.ts")).toEqual([]);
  });
});

describe("the rules", () => {
  it("each have a fixture folder", () => {
    expect(Object.keys(LINT_RULES).filter((rule) => !CASES.includes(rule))).toEqual([]);
  });

  it("argument-style-changed: a request object rewritten as parameters of the same names raises nothing (callers send the same arguments)", () => {
    const previous = analyzeFiles({ "main.ts": readFileSync(path.join(SUITE, "argument-style-changed/previous.ts"), "utf8") }, "/fixture").manifest.entries;
    const rewritten = "/**\n * Reserves stock.\n * @tool\n * @param sku The article.\n * @param quantity How many.\n */\nexport function reserve(sku: string, quantity: number): string {\n  return sku;\n}\n";
    const program = analyzeFiles({ "main.ts": rewritten }, "/fixture").program;
    const findings = analyze(program, { ts: tsOf(), packageRoot: "/fixture", packageName: "fixture", lint: { previous } }).diagnostics;
    expect(findings.map((d) => d.rule)).toEqual([]);
  });

  it("raise nothing on the MCP reference servers' tools", () => {
    expect(lint(path.join(SUITE, "reference-servers"), "clean.ts")).toEqual([]);
  });

  it("a rule turned off raises nothing; one set to error fails the build", () => {
    const folder = path.join(SUITE, "description-missing");
    const program = analyzeFiles({ "main.ts": readFileSync(path.join(folder, "raises.ts"), "utf8") }, "/fixture").program;
    const run = (rules: LintConfig["rules"]) => analyze(program, { ts: tsOf(), packageRoot: "/fixture", packageName: "fixture", lint: { rules } }).diagnostics.filter((d) => d.rule === "description-missing").map((d) => d.severity);
    expect(run({ "description-missing": "off" })).toEqual([]);
    expect(run({ "description-missing": "error" })).toEqual(["error", "error", "error"]); // the tool, the prompt and the resource
  });
});

function tsOf(): AnalyzeOptions["ts"] {
  return ts as unknown as AnalyzeOptions["ts"];
}
