import { existsSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { DiagnosticCode } from "./diagnostics/codes.js";
import { analyzeFiles, readFixtureOptions, REPO_ROOT } from "./testing/fixture-program.js";
import { ANALYZER_FIXTURES, listCases, readCaseSources } from "./testing/fixture-files.js";

/**
 * The error suite: `fixtures/analyzer/errors/<TGxxxx-short-name>/` holds `main.ts` and
 * `expected.json`, every diagnostic the analyzer reports there as `{ code, line, column }`.
 * Each folder proves its own code; every code has a folder and a section in docs/analyzer.md.
 */
const UPDATE = process.env.TOOLGEN_UPDATE_GOLDENS === "1";
const SUITE = path.join(ANALYZER_FIXTURES, "errors");
const CASES = listCases("errors");

describe.each(CASES)("errors/%s", (name) => {
  const folder = path.join(SUITE, name);
  const options = readFixtureOptions(folder);
  const result = analyzeFiles(readCaseSources(folder), "/fixture", options);
  const actual = result.diagnostics.map((d) => ({ code: d.code, line: d.line, column: d.column }));

  it("reports exactly the expected diagnostics, by position", () => {
    const file = path.join(folder, "expected.json");
    if (UPDATE || !existsSync(file)) writeFileSync(file, JSON.stringify(actual, null, 2) + "\n");
    expect(actual).toEqual(JSON.parse(readFileSync(file, "utf8")));
  });

  it(`reports its own code, ${name.slice(0, 6)}`, () => {
    expect(actual.map((d) => d.code)).toContain(name.slice(0, 6));
  });

  it("is otherwise valid TypeScript", () => {
    const tsErrors = ts.getPreEmitDiagnostics(result.program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(tsErrors).toEqual([]);
  });

  it("says where and what to do, never crashes", () => {
    for (const d of result.diagnostics) {
      expect(d.message.length).toBeGreaterThan(20);
      expect(d.file).toMatch(/^\/fixture\//);
      if (d.code !== DiagnosticCode.InternalError) expect(options.faultAt).toBeUndefined();
    }
  });
});

describe("the diagnostic codes", () => {
  const codes = Object.values(DiagnosticCode);

  it("are unique", () => {
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("each have an error fixture", () => {
    const covered = new Set(CASES.map((c) => c.slice(0, 6)));
    expect(codes.filter((c) => !covered.has(c))).toEqual([]);
  });

  it("each are documented in docs/analyzer.md with an example", () => {
    const docs = readFileSync(path.join(REPO_ROOT, "docs/analyzer.md"), "utf8");
    for (const code of codes) {
      const section = docs.split(/\n(?=### )/).find((s) => s.startsWith(`### ${code}`));
      expect(section, `docs/analyzer.md has no '### ${code}' section`).toBeDefined();
      expect(section, `the ${code} section has no example`).toMatch(/```ts/);
    }
  });
});

describe("a format no validator knows", () => {
  it("is a warning at its tag with the format meant, and is still written (a custom format the client may know)", () => {
    const source = "export interface Contact {\n  /** @format emial */\n  email: string;\n  /** @format sku */\n  sku: string;\n}\n/** Adds a contact. @tool */\nexport function addContact(contact: Contact): string {\n  return contact.email;\n}\n";
    const result = analyzeFiles({ "main.ts": source }, "/fixture");
    expect(result.diagnostics.map((d) => [d.severity, d.code, d.line, d.message])).toEqual([
      ["warning", "TG1007", 2, "@format emial is no format toolgen knows: nothing checks it, and strict validators (Ajv) refuse the schema; did you mean email?"],
      ["warning", "TG1007", 4, "@format sku is no format toolgen knows: nothing checks it, and strict validators (Ajv) refuse the schema."],
    ]);
    expect(result.manifest.entries[0]!.inputSchema).toMatchObject({ properties: { email: { format: "emial" }, sku: { format: "sku" } } });
  });
});
