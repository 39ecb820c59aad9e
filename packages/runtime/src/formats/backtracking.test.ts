import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { checkSync } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Every regular expression literal in the sources of the runtime and the MCP server — the
 * format checks, the lenient number repair, name rules, origin checks — runs on what a model
 * or a client sends, before the tool and outside its timeout. Each must be free of super-linear backtracking, decided by the checker
 * the analyzer applies to users' patterns (TG2008). The fuzzing checker is seeded: the same
 * verdict every run.
 */
const PACKAGES = path.resolve(fileURLToPath(import.meta.url), "../../../..");

function regexLiterals(): Array<{ where: string; source: string; flags: string }> {
  const found: Array<{ where: string; source: string; flags: string }> = [];
  for (const name of ["runtime", "mcp"]) {
    const folder = path.join(PACKAGES, name, "src");
    const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    for (const file of files.sort()) {
      const sourceFile = ts.createSourceFile(file, readFileSync(path.join(folder, file), "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isRegularExpressionLiteral(node)) {
          const end = node.text.lastIndexOf("/");
          const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart());
          found.push({ where: `${name}/${file.split(path.sep).join("/")}:${line + 1}`, source: node.text.slice(1, end), flags: node.text.slice(end + 1).replace(/[gy]/g, "") });
        }
        ts.forEachChild(node, visit);
      };
      visit(sourceFile);
    }
  }
  return found;
}

const literals = regexLiterals();

describe("the runtime's own regular expressions backtrack in linear time at most", () => {
  it("finds the format checks among them", () => {
    expect(literals.filter((l) => l.where.startsWith("runtime/formats/formats.ts")).length).toBeGreaterThanOrEqual(15);
  });

  it.each(literals.map((l) => [l.where, l] as const))("%s", (_where, { source, flags }) => {
    const result = checkSync(source, flags, { randomSeed: 42, timeout: 60_000 });
    const detail = result.status === "vulnerable" ? `${result.complexity.summary}, attack ${result.attack.pattern}` : result.status === "unknown" ? result.error.kind : "";
    expect(result.status, detail).toBe("safe");
  }, 90_000);
});
