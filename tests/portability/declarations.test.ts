import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packedProject } from "../../test-support/packed-project.js";
import { TSC_BIN } from "../../test-support/temp-project.js";

/**
 * The runtime's published declarations, as projects meet them: one that names no platform (ES
 * libs only), and the DOM's, Node.js's and Cloudflare Workers' types, each with `skipLibCheck`
 * off, so every declaration file is checked. The runtime runs everywhere; its types must
 * compile anywhere too.
 */
let project: { dir: string; cleanup: () => void };

beforeAll(() => {
  project = packedProject("portable", ["runtime", "core"]);
}, 120_000);

afterAll(() => project.cleanup());

/** Writes `files` into the project and type-checks them alone under strict options (and `options`): tsc's output, "" when they compile. */
function typecheck(name: string, files: Record<string, string>, options: Record<string, unknown>): string {
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(project.dir, file), text);
  const tsconfig = { compilerOptions: { target: "ES2022", module: "NodeNext", types: [], strict: true, noEmit: true, skipLibCheck: false, ...options }, files: Object.keys(files) };
  writeFileSync(path.join(project.dir, `tsconfig.${name}.json`), JSON.stringify(tsconfig));
  const result = spawnSync(process.execPath, [TSC_BIN, "-p", `tsconfig.${name}.json`], { cwd: project.dir, encoding: "utf8" });
  return result.stdout + result.stderr + (result.status === 0 ? "" : `(exit ${result.status})`);
}

describe("@toolgen/runtime's declarations", () => {
  // Where the project has a platform's types, the context's signal is the platform's own: a tool hands it to `fetch`.
  const handsToFetch = 'export const forwarded = (context: ToolContext) => fetch("https://example.com", { signal: context.signal });\n';
  it.each([
    ["ES libs only, no platform types", ["ES2023"], [], ""],
    ["the DOM's", ["ES2023", "DOM"], [], handsToFetch],
    ["Node.js's", ["ES2023"], ["node"], handsToFetch],
    ["Cloudflare Workers'", ["ES2023"], ["@cloudflare/workers-types"], handsToFetch],
  ])("compile with %s, skipLibCheck off: every subpath, and a tool reading its context's signal", (_label, lib, types, extra) => {
    const usesRuntime = `import { createRegistry, image, type ToolContext } from "@toolgen/runtime";
import { aiSdkTools, outcomeText } from "@toolgen/runtime/providers";
import { email } from "@toolgen/runtime/formats";
import type * as validation from "@toolgen/runtime/validation";
import type * as telemetry from "@toolgen/runtime/telemetry";
export const registry = createRegistry([]);
export const parts = [image, aiSdkTools, outcomeText, email] as const;
export type Used = [typeof validation, typeof telemetry];
export function stopped(context: ToolContext): unknown {
  context.signal.throwIfAborted();
  return context.signal.aborted ? context.signal.reason : undefined;
}
${extra}`;
    expect(typecheck("declarations", { "uses-runtime.ts": usesRuntime }, { lib, types })).toBe("");
  });
});

describe("the provider projections' declarations against the provider's own SDK types", () => {
  it("an Anthropic projection's tools and a tool result are the Messages API's own types, with no cast", () => {
    const anthropic = `import type Anthropic from "@anthropic-ai/sdk";
import { createRegistry } from "@toolgen/runtime";
import { dispatchModelCall, projectAnthropic, toAnthropicToolResult } from "@toolgen/runtime/providers";
const registry = createRegistry([]);
const projection = projectAnthropic(registry);
export const tools: Anthropic.Tool[] = projection.tools;
export const result: Anthropic.ToolResultBlockParam = toAnthropicToolResult("toolu_1", await dispatchModelCall(registry, projection, "x", {}));
`;
    // The SDK's own declarations are not ours to check (skipLibCheck); what ours give it is.
    expect(typecheck("anthropic", { "anthropic.mts": anthropic }, { skipLibCheck: true })).toBe("");
  });
});

describe("@toolgen/core's declarations", () => {
  it("analyze takes TypeScript imported either way an ES module does: as the default export or as a namespace", () => {
    const use = (importLine: string) => `${importLine}\nimport { analyze } from "@toolgen/core";\nexport const result = analyze(ts.createProgram([], {}), { ts, packageRoot: "/app", packageName: "app" });\n`;
    expect(typecheck("core", { "default-import.mts": use('import ts from "typescript";'), "namespace-import.mts": use('import * as ts from "typescript";') }, {})).toBe("");
  });
});
