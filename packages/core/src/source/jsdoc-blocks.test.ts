import * as path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { analyzeFiles, createFixtureProgram, FIXTURE_COMPILER_OPTIONS, readFixtureOptions, type JsDocParsing } from "../testing/fixture-program.js";
import { ANALYZER_FIXTURES, listCases, readCaseSources } from "../testing/fixture-files.js";
import { canReadDocsOnDemand } from "./jsdoc-blocks.js";
import { readDoc } from "./read-jsdoc.js";

const tsm = ts as unknown as Parameters<typeof readDoc>[0];

/** Every doc toolgen could read in a file: per declaration, its description and tags with their text and place. */
function docsOf(source: string, jsDoc: JsDocParsing): unknown[] {
  const program = createFixtureProgram({ "main.ts": source }, "/docs", FIXTURE_COMPILER_OPTIONS, jsDoc);
  const file = program.getSourceFile("/docs/main.ts")!;
  const out: unknown[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) || ts.isVariableStatement(node) || ts.isVariableDeclaration(node) || ts.isClassDeclaration(node) || ts.isClassElement(node) || ts.isTypeElement(node) || ts.isTypeAliasDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node) || ts.isEnumMember(node)) {
      const doc = readDoc(tsm, node);
      out.push({
        at: `${ts.SyntaxKind[node.kind]}@${node.pos}`,
        description: doc.description,
        tags: doc.tags.map((t) => [t.name, t.text, t.node.getStart(), t.node.getEnd(), t.node.getSourceFile().fileName, t.node.getText()]),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

const TRICKY = `
/** @file not a declaration's doc */

/**
 * Line one.
 *   indented line, {@link Other the other} and \`code @notATag\`
 * e-mail: someone@example.com
 *
 * @tool
 * @param a - the first
 * @param {string} b the second
 * @param [c=3] optional, bracketed
 * @pattern ^[a-z]{2,}$
 * @default {"x": [1, 2]}
 * @deprecated use two
 */
export function one(a: string, b: string, c = 3) { return a + b + c; }

/** First block. @tool */
/** Second block wins the description. @title Two */
export const two = () => 1;

export const three = /** On the initializer. @tool */ () => 3, four = 4;

/**/
/* not a doc */
// nor this
/** Doc of the statement of a single variable. */
export const five = /** and of its arrow */ (x: number) => x;

/** A class. @toolset things */
export class Things {
  /** A method. @tool */
  run(): void {}
  /** A property. @minimum 1 */
  count = 1;
}

/** An interface. */
export interface Shape {
  /** Width. @minimum 0 @maximum 10 */
  width: number;
  /** Method signature. */
  area(): number;
}

/** An alias. @pattern ^a$ */
export type Letter = string;

/**   Spaced, with * stars *, \`ticks\` and a tab\tinside.   */
export type Spaced = string;

/***/
export type Starred = string;

/** ** Starts with stars. */
export type Stars = string;

/** An enum. */
export enum Level {
  /** Low. */ Low,
  High, /** Trailing belongs to nothing. */
}

/** Unterminated in the middle? no: this is fine. */ export function six() {}
`;

describe("doc comments read on demand", () => {
  it("the compiler in use can parse one comment on its own", () => {
    expect(canReadDocsOnDemand(tsm)).toBe(true);
  });

  it.each(["like tsc", "like the cli"] as const)("give exactly what TypeScript attaches when it parses every comment, positions included (program parsed %s)", (parsing) => {
    const all = docsOf(TRICKY, "all");
    const onDemand = docsOf(TRICKY, parsing);
    expect(onDemand).toEqual(all);
    // The comparison is not empty: descriptions, tags and both blocks of 'two' came through.
    expect(JSON.stringify(onDemand)).toContain("Second block wins the description.");
    expect(JSON.stringify(onDemand)).toContain('["param","a the first"');
    expect(JSON.stringify(onDemand)).toContain("{@link Other the other}");
  });

  it("read a comment that TypeScript's JSDoc scanner never returns from (a word ending in '-' at its end)", () => {
    const source = "/**\n * Since the second version.\n * @since v2-*/\nexport interface Versioned {}\n";
    const [doc] = docsOf(source, "like tsc");
    const end = source.indexOf("*/");
    expect(doc).toEqual({ at: expect.any(String), description: "Since the second version.", tags: [["since", "v2-", source.indexOf("@since"), end, "/docs/main.ts", "@since v2-"]] });
  });

  const suites = ["valid", "errors", "mcp-servers"] as const;
  it.each(suites.flatMap((suite) => (suite === "mcp-servers" ? [[suite, ""]] : listCases(suite).map((name) => [suite, name]))))(
    "%s/%s: the same manifest and diagnostics as with every comment parsed up front",
    (suite, name) => {
      const folder = path.join(ANALYZER_FIXTURES, suite, name);
      const options = readFixtureOptions(folder);
      const sources = readCaseSources(folder);
      const all = analyzeFiles(sources, "/fixture", { ...options, jsDoc: "all" });
      for (const parsing of ["like tsc", "like the cli"] as const) {
        const onDemand = analyzeFiles(sources, "/fixture", { ...options, jsDoc: parsing });
        expect(onDemand.manifest, parsing).toEqual(all.manifest);
        expect(onDemand.diagnostics, parsing).toEqual(all.diagnostics);
      }
    },
  );
});
