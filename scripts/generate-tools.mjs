// Writes a toolgen project with many tools (for the watch benchmark and by hand):
//   node scripts/generate-tools.mjs <folder> [tools=500] [toolsPerFile=10]
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export function generateProject(dir, tools = 500, perFile = 10) {
  mkdirSync(path.join(dir, "src"), { recursive: true });
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "toolgen-bench", version: "1.0.0", private: true, type: "module" }, null, 2) + "\n");
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, rootDir: "src", outDir: "dist", skipLibCheck: true, types: [] }, include: ["src"] }, null, 2) + "\n",
  );
  for (let file = 0; file * perFile < tools; file++) {
    const lines = [`/** Options shared by the tools of module ${file}. */`, `export interface Options${file} {`, "  /** How many results. */", "  limit?: number;", "  /** Sort order. */", '  order: "asc" | "desc";', "}", ""];
    for (let i = file * perFile; i < Math.min(tools, (file + 1) * perFile); i++) {
      lines.push(
        "/**",
        ` * Tool number ${i}: looks things up.`,
        " * @tool",
        " * @param query What to look for.",
        " * @param options How to look.",
        " */",
        `export function tool${i}(query: string, options: Options${file}, tags: string[] = []): { hits: number; query: string } {`,
        "  return { hits: options.limit ?? tags.length, query };",
        "}",
        "",
      );
    }
    writeFileSync(path.join(dir, "src", `tools${file}.ts`), lines.join("\n"));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir, tools, perFile] = process.argv.slice(2);
  if (!dir) throw new Error("usage: node scripts/generate-tools.mjs <folder> [tools] [toolsPerFile]");
  generateProject(path.resolve(dir), Number(tools ?? 500), Number(perFile ?? 10));
}
