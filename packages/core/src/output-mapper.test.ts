import * as path from "node:path";
import * as ts from "typescript";
import { describe, expect, it } from "vitest";
import { createOutputMapper } from "./analyze.js";
import { createFixtureProgram } from "./testing/fixture-program.js";

describe("createOutputMapper", () => {
  const root = path.resolve("/virtual/package");
  const mapperFor = (jsx: ts.JsxEmit) =>
    createOutputMapper(createFixtureProgram({ "src/tools.ts": "export const a = 1;\n", "src/widgets.tsx": "export const b = 2;\n" }, root, { jsx, rootDir: path.join(root, "src"), outDir: path.join(root, "dist") }), root);

  it("places each source where tsc writes its JavaScript: .jsx for a .tsx under \"jsx\": \"preserve\"", () => {
    for (const [jsx, widgets] of [[ts.JsxEmit.ReactJSX, "dist/widgets.js"], [ts.JsxEmit.Preserve, "dist/widgets.jsx"]] as const) {
      const map = mapperFor(jsx);
      expect([map(path.join(root, "src/tools.ts")), map(path.join(root, "src/widgets.tsx"))]).toEqual(["dist/tools.js", widgets]);
    }
  });
});
