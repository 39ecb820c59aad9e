import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import * as ai7 from "ai";
import { MockLanguageModelV4 } from "ai/test";
import * as ai6 from "ai-v6";
import { MockLanguageModelV3 } from "ai-v6/test";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, REPO_ROOT, toolgen } from "../../../../../test-support/temp-project.js";
import { image, text } from "../../content/content.js";
import type { ManifestEntry } from "../../manifest/manifest-format.js";
import { createRegistry, type Registry } from "../../registry/create-registry.js";
import { ToolError } from "../../outcome/errors.js";
import type { EntryDefinition } from "../../registry/entry-definition.js";
import { aiSdkTools } from "../project/project-ai-sdk.js";
import { projectTools, PROVIDERS, type ProviderId } from "../project-tools.js";
import { checkConformance } from "./check-conformance.js";

/**
 * Every fixture's tools, projected for every provider: the list passes that provider's
 * conformance checker, and each tool survives the round trip a model makes — a call shaped
 * by the projected schema (OpenAI strict's nulls included) is mapped back, validated and
 * invoked without an `invalid_arguments` or `unknown_tool` answer. The registries are strict
 * (no lenient repairs), so the mapping back alone must make the call valid.
 */
interface FixtureRegistry {
  label: string;
  registry: Registry;
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const built: FixtureRegistry[] = [];
const cleanups: Array<() => void> = [];

/** demo and mcp are built and compiled, so their tools really run. */
async function buildAndLoad(name: string): Promise<FixtureRegistry> {
  const { dir, cleanup } = copyFixture(name);
  cleanups.push(cleanup);
  const build = toolgen(["build"], dir);
  if (build.status !== 0) throw new Error(`fixtures/${name}: ${build.stderr}`);
  compile(dir);
  const module = (await import(pathToFileURL(path.join(dir, "dist/tools.generated.js")).href)) as { definitions: EntryDefinition[] };
  return { label: name, registry: createRegistry(module.definitions, { workingDirectory: dir, strict: true }) };
}

/**
 * The analyzer's golden fixtures (`fixtures/analyzer/valid/<case>/expected.json`, the
 * reviewed manifest entries): their tools are stubs behind ajv-compiled validators, so the
 * round trip stops at validation and a stub call.
 */
function analyzerFixtures(): FixtureRegistry[] {
  const root = path.join(REPO_ROOT, "fixtures/analyzer/valid");
  if (!existsSync(root)) return [];
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  return readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, "expected.json")))
    .sort()
    .map((name) => {
      const entries = JSON.parse(readFileSync(path.join(root, name, "expected.json"), "utf8")) as ManifestEntry[];
      const definitions = entries.map((entry): EntryDefinition => ({ entry, validate: ajv.compile(entry.inputSchema as object) as EntryDefinition["validate"], fn: () => "stub" }));
      return { label: `analyzer/valid/${name}`, registry: createRegistry(definitions, { strict: true }) };
    });
}

beforeAll(async () => {
  built.push(await buildAndLoad("demo"), await buildAndLoad("mcp"), ...analyzerFixtures());
});
afterAll(() => cleanups.forEach((c) => c()));

describe("conformance of every fixture's projected tools", () => {
  it.each(PROVIDERS)("%s: every fixture's list passes the checker", (provider) => {
    for (const { label, registry } of built) {
      const projection = projectTools(provider, registry);
      expect({ label, issues: checkConformance(provider, projection.tools) }).toEqual({ label, issues: [] });
      const left = projection.issues.filter((i) => i.severity === "error").map((i) => i.tool);
      const offered = registry.entries.filter((e) => e.kind === "tool" && !(provider === "mcp" && e.external));
      expect(projection.definitions.length + new Set(left).size).toBe(offered.length);
    }
  });

  it("OpenAI, Anthropic and MCP schemas are valid draft 2020-12 that ajv compiles", () => {
    const ajv = addFormats(new Ajv2020({ strict: false }));
    for (const { label, registry } of built) {
      for (const provider of ["openai", "openai-strict", "anthropic", "mcp"] as const) {
        for (const definition of projectTools(provider, registry).definitions) {
          const { name, schema } = parametersOf(provider, definition);
          expect(ajv.validateSchema(schema), `${label} ${provider} ${name}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
          expect(() => ajv.compile(schema)).not.toThrow();
        }
      }
    }
  });

  it("the AI SDK accepts the projected schemas as its own", () => {
    for (const { registry } of built) {
      const projection = projectTools("ai-sdk", registry);
      for (const [name, tool] of Object.entries(projection.tools as Record<string, { inputSchema: never }>)) {
        expect(ai7.asSchema(tool.inputSchema).jsonSchema).toEqual(registry.get(projection.names.fromProvider(name)!)!.inputSchema);
      }
    }
  });
});

describe("the round trip of every fixture tool", () => {
  it.each(PROVIDERS)("%s: a model-shaped call maps back, validates and runs", async (provider) => {
    const failures: unknown[] = [];
    let trips = 0;
    for (const { label, registry } of built) {
      const projection = projectTools(provider, registry);
      // A pattern the provider is not told (strict mode's lookaround) is one its model's call may break: the registry refuses that call, as it should.
      const untold = new Set(projection.issues.filter((issue) => issue.message.startsWith("a pattern with a lookaround")).map((issue) => issue.tool));
      for (const definition of projection.definitions) {
        const { name, schema } = parametersOf(provider, definition);
        const args = sampleValue(schema, schema, { nulls: provider.endsWith("strict"), depth: 0 });
        const sent = provider.startsWith("openai") ? JSON.stringify(args) : args;
        const call = projection.toCall(name, sent);
        const outcome = await registry.dispatch(call.name, call.arguments);
        trips++;
        if (untold.has(call.name)) continue;
        if (outcome.status === "error" && ["invalid_arguments", "unknown_tool", "internal"].includes(outcome.error.code)) failures.push({ label, name, sent: args, message: outcome.error.message });
      }
    }
    expect(failures).toEqual([]);
    expect(trips).toBeGreaterThan(built.length);
  });

  it("OpenAI strict: the synthetic nulls of optional arguments are gone before the tool runs", async () => {
    const demo = built.find((b) => b.label === "demo")!.registry;
    const projection = projectTools("openai-strict", demo);
    const call = projection.toCall("convert_length", '{"value":1,"from":"km","to":"m","precision":null}');
    expect(call).toEqual({ name: "convert_length", arguments: { value: 1, from: "km", to: "m" } });
    expect(await demo.dispatch(call.name, call.arguments)).toEqual({ status: "ok", text: "1 km = 1000.00 m" });
  });

  // The current major (7) and the previous one (6, supported while it is): the same tools, the same loop.
  it.each([
    ["ai 7", ai7.generateText, ai7.stepCountIs, (doGenerate: () => Promise<unknown>) => new MockLanguageModelV4({ doGenerate } as never)],
    ["ai 6", ai6.generateText, ai6.stepCountIs, (doGenerate: () => Promise<unknown>) => new MockLanguageModelV3({ doGenerate } as never)],
  ] as const)("the AI SDK (%s) runs a registry tool through generateText", async (_major, generateText, stepCountIs, mockModel) => {
    const demo = built.find((b) => b.label === "demo")!.registry;
    const { tools } = aiSdkTools<ai7.ToolSet>(demo);
    let step = 0;
    const model = mockModel(async () => {
      step++;
      const content =
        step === 1
          ? [{ type: "tool-call" as const, toolCallId: "c1", toolName: "convert_temperature", input: JSON.stringify({ value: 100, from: "C", to: "F" }) }]
          : [{ type: "text" as const, text: "done" }];
      return { content, finishReason: { unified: step === 1 ? "tool-calls" : "stop", raw: undefined }, usage: USAGE, warnings: [] };
    });
    const result = await (generateText as typeof ai7.generateText)({ model: model as never, tools, prompt: "convert", stopWhen: (stepCountIs as typeof ai7.stepCountIs)(3) });
    expect(result.steps[0]!.toolResults.map((r) => r.output)).toEqual([{ value: 212, scale: "F" }]);
  });

  /** What the model is given back for its one call of `tool` (the tool message of its second turn), and the AI SDK's warnings. */
  async function toolResultOf(generateText: typeof ai7.generateText, stepCountIs: typeof ai7.stepCountIs, mockModel: (doGenerate: (options: unknown) => Promise<unknown>) => unknown, registry: Registry, tool: string) {
    const prompts: unknown[] = [];
    const model = mockModel(async (options) => {
      prompts.push((options as { prompt: unknown }).prompt);
      const first = prompts.length === 1;
      const content = first ? [{ type: "tool-call" as const, toolCallId: "c1", toolName: tool, input: "{}" }] : [{ type: "text" as const, text: "done" }];
      return { content, finishReason: { unified: first ? "tool-calls" : "stop", raw: undefined }, usage: USAGE, warnings: [] };
    });
    const warnings: unknown[] = [];
    const global = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
    global.AI_SDK_LOG_WARNINGS = (options: { warnings: unknown[] }) => warnings.push(...options.warnings);
    try {
      await generateText({ model: model as never, tools: aiSdkTools<ai7.ToolSet>(registry).tools, prompt: "go", stopWhen: stepCountIs(3) });
    } finally {
      delete global.AI_SDK_LOG_WARNINGS;
    }
    const toolMessage = (prompts[1] as Array<{ role: string; content: Array<{ output?: unknown }> }>).find((m) => m.role === "tool")!;
    return { output: toolMessage.content[0]!.output as { type: string; value: unknown }, warnings };
  }

  const MAJORS = [
    ["ai 7", ai7.generateText, ai7.stepCountIs, (doGenerate: (options: unknown) => Promise<unknown>) => new MockLanguageModelV4({ doGenerate } as never), "file"],
    ["ai 6", ai6.generateText as unknown as typeof ai7.generateText, ai6.stepCountIs as unknown as typeof ai7.stepCountIs, (doGenerate: (options: unknown) => Promise<unknown>) => new MockLanguageModelV3({ doGenerate } as never), "image-data"],
  ] as const;

  it.each(MAJORS)("the AI SDK (%s) hands a tool's image to the model as an image, in its own kind of part, without a deprecation warning", async (_major, generateText, stepCountIs, mockModel, kind) => {
    const registry = createRegistry([]);
    registry.register({ name: "chart", description: "Draws the chart.", content: true, fn: () => [text("The chart:"), image(new Uint8Array([137, 80, 78, 71]), "image/png")] });
    const { output, warnings } = await toolResultOf(generateText, stepCountIs, mockModel, registry, "chart");
    const parts = output.value as Array<{ type: string; mediaType?: string }>;
    expect(output.type).toBe("content");
    expect(parts[0]).toEqual({ type: "text", text: "The chart:" });
    expect(parts[1]).toMatchObject({ type: kind, mediaType: "image/png" });
    expect(JSON.stringify(parts[1])).toContain('"data":"iVBORw=="');
    expect(warnings).toEqual([]);
  });

  it.each(MAJORS)("the AI SDK (%s) asks for approval before a @destructive tool runs, with approveDestructive", async (_major, generateText, stepCountIs, mockModel) => {
    const ran: string[] = [];
    const registry = createRegistry([]);
    registry.register({ name: "wipe", description: "Wipes the disk.", annotations: { destructiveHint: true }, fn: () => (ran.push("wipe"), "wiped") });
    let turn = 0;
    const model = mockModel(async () => {
      const first = turn++ === 0;
      const content = first ? [{ type: "tool-call" as const, toolCallId: "c1", toolName: "wipe", input: "{}" }] : [{ type: "text" as const, text: "done" }];
      return { content, finishReason: { unified: first ? "tool-calls" : "stop", raw: undefined }, usage: USAGE, warnings: [] };
    });
    const result = await generateText({ model: model as never, tools: aiSdkTools<ai7.ToolSet>(registry, { approveDestructive: true }).tools, prompt: "go", stopWhen: stepCountIs(3) });
    expect(result.content.map((part) => part.type)).toContain("tool-approval-request");
    expect(ran).toEqual([]);
    expect(aiSdkTools(registry).tools.wipe!.needsApproval).toBeUndefined();
  });

  it.each(MAJORS)("the AI SDK (%s) hands a failed call to the model as the outcome's text alone", async (_major, generateText, stepCountIs, mockModel) => {
    const registry = createRegistry([]);
    registry.register({ name: "fail", description: "Fails.", fn: () => { throw new ToolError("no stock left", { sku: "ABC-123" }); } });
    const { output } = await toolResultOf(generateText, stepCountIs, mockModel, registry, "fail");
    expect(output).toEqual({ type: "error-text", value: 'no stock left\n{"sku":"ABC-123"}' });
  });
});

const USAGE = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

type Node = { [keyword: string]: unknown };

/** The provider's name and parameter schema of one projected definition. */
function parametersOf(provider: ProviderId, definition: unknown): { name: string; schema: Node } {
  const d = definition as Node & { function?: Node; tool?: { inputSchema: { jsonSchema: Node } } };
  if (provider === "openai" || provider === "openai-strict") return { name: String(d.function!.name), schema: d.function!.parameters as Node };
  if (provider === "anthropic") return { name: String(d.name), schema: d.input_schema as Node };
  if (provider === "mcp") return { name: String(d.name), schema: d.inputSchema as Node };
  if (provider === "ai-sdk") return { name: String(d.name), schema: d.tool!.inputSchema.jsonSchema };
  return { name: String(d.name), schema: (d.parameters as Node | undefined) ?? { type: "object", properties: {} } };
}

const FORMATS: Record<string, string> = {
  "date-time": "2026-01-02T03:04:05Z",
  date: "2026-01-02",
  time: "03:04:05Z",
  email: "ada@example.com",
  uri: "https://example.com/x",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  hostname: "example.com",
  ipv4: "127.0.0.1",
  ipv6: "::1",
  duration: "P1D",
};

/**
 * A string a pattern accepts. fast-check generates none for a lookahead: the two patterns a
 * `@pattern` on a template literal type joins (`bothPatterns`) are sampled apart, and the first
 * sample both accept is taken.
 */
function sampleMatching(pattern: string): string {
  const both = /^\^\(\?=\[\\s\\S\]\*\?\(\?:(.*)\)\)(.*)$/.exec(pattern);
  if (!both) return fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 7 })[0]!;
  const whole = new RegExp(pattern, "u");
  const found = [both[1]!, `^${both[2]!}`].flatMap((part) => fc.sample(fc.stringMatching(new RegExp(part)), { numRuns: 200, seed: 7 })).find((value) => whole.test(value));
  if (found === undefined) throw new Error(`no sample of ${pattern}`);
  return found;
}

/**
 * A value a model could send for a projected schema (any provider's dialect: Gemini's
 * upper-case types and `nullable` too). With `nulls`, every property that admits null gets
 * null, as a model using OpenAI strict mode sends for an argument it leaves out.
 */
function sampleValue(root: Node, schema: Node, options: { nulls: boolean; depth: number }): unknown {
  const s = resolve(root, schema);
  const deeper = { ...options, depth: options.depth + 1 };
  if (s.examples && Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? null;
  const members = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])] as Node[];
  const types = (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]).map((t) => String(t).toLowerCase());
  const admitsNull = s.nullable === true || types.includes("null") || members.some((m) => m.type === "null");
  if (admitsNull && (options.nulls || options.depth > 4)) return null;
  if (members.length > 0 && types.length === 0) return sampleValue(root, members.find((m) => m.type !== "null") ?? members[0]!, options);
  const type = types.find((t) => t !== "null");
  switch (type) {
    case "string":
      if (typeof s.pattern === "string") return sampleMatching(s.pattern);
      if (typeof s.format === "string" && FORMATS[s.format]) return FORMATS[s.format];
      // Gemini states the formats it cannot enforce in the description; a model reads it.
      if (typeof s.description === "string" && FORMATS[/Format: (\S+)\./.exec(s.description)?.[1] ?? ""]) return FORMATS[/Format: (\S+)\./.exec(s.description)![1]!];
      return "s".repeat(Math.max(6, Number(s.minLength ?? 0)));
    case "number":
    case "integer":
      return sampleNumber(s, type === "integer");
    case "boolean":
      return true;
    case "array": {
      const prefix = Array.isArray(s.prefixItems) ? (s.prefixItems as Node[]) : [];
      if (prefix.length > 0) return prefix.map((p) => sampleValue(root, p, deeper));
      const count = options.depth > 3 ? Number(s.minItems ?? 0) : Math.min(Math.max(1, Number(s.minItems ?? 0)), Number(s.maxItems ?? 1));
      const items = (s.items ?? {}) as Node;
      // A tuple sent to Gemini is an array of anyOf its members, in the order the description states.
      if (Array.isArray(items.anyOf) && s.minItems !== undefined && s.minItems === s.maxItems) return (items.anyOf as Node[]).map((m) => sampleValue(root, m, deeper));
      return Array.from({ length: count }, () => (s.items && typeof s.items === "object" ? sampleValue(root, items, deeper) : "x"));
    }
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, Node>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(properties)) if (required.has(key) || options.depth < 2) out[key] = sampleValue(root, child, deeper);
      return out;
    }
    default:
      return "x";
  }
}

function sampleNumber(s: Node, integer: boolean): number {
  const lo = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum : undefined;
  const hi = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum : undefined;
  let value = lo !== undefined && hi !== undefined ? (lo + hi) / 2 : lo !== undefined ? lo + 1 : hi !== undefined ? hi - 1 : 1;
  if (typeof s.multipleOf === "number") value = Math.ceil(value / s.multipleOf) * s.multipleOf;
  return integer ? Math.ceil(value) : value;
}

function resolve(root: Node, schema: Node): Node {
  let current = schema;
  for (let i = 0; i < 16 && typeof current.$ref === "string"; i++) {
    const ref = current.$ref as string;
    current = ref === "#" ? root : (((root.$defs ?? {}) as Record<string, Node>)[ref.slice("#/$defs/".length)] ?? {});
  }
  return current;
}
