import { LOOKAROUND, nesting, STRICT_FORMATS, STRICT_KEYWORDS, STRICT_LIMITS, strictTextProblems } from "../schema/to-strict-schema.js";
import { ROOT_REFUSED } from "../schema/root-combinators.js";
import { checkRefsResolve, isObject, walkSchema, type ConformanceIssue, type Report, type SchemaObject } from "./conformance-issue.js";

/**
 * Checks a projected tool list against each provider's documented constraints: names,
 * allowed keywords, strict-mode rules, nesting and size limits. Used by the test suite over
 * every fixture, and useful to anyone who edits a projection by hand.
 */
export function checkConformance(provider: string, tools: unknown): ConformanceIssue[] {
  const issues: ConformanceIssue[] = [];
  const report: Report = (tool, path, rule) => issues.push({ tool, path, rule });
  const check = CHECKS[provider];
  if (!check) report("", "", `unknown provider '${provider}'`);
  else check(tools, report);
  return issues;
}

const OPENAI_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** "A maximum of 128 functions are supported." https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools */
export const OPENAI_MAX_TOOLS = 128;
/** What OpenAI has refused a function description over (`400 string_above_max_length`: "Expected a string with maximum length 1024"). */
export const OPENAI_MAX_DESCRIPTION = 1024;

/** A root the APIs refuse: a combinator beside `type: "object"` (`ROOT_REFUSED`). */
function rootCombinators(tool: string, parameters: unknown, report: Report): void {
  if (!isObject(parameters)) return;
  for (const keyword of ROOT_REFUSED) if (keyword in parameters) report(tool, "/", `the root must not have '${keyword}'`);
}

const CHECKS: Record<string, (tools: unknown, report: Report) => void> = {
  openai: (tools, report) => checkOpenAi(tools, report, chatFunction, false),
  "openai-strict": (tools, report) => checkOpenAi(tools, report, chatFunction, false),
  "openai-responses": (tools, report) => checkOpenAi(tools, report, responsesFunction, true),
  "openai-responses-strict": (tools, report) => checkOpenAi(tools, report, responsesFunction, true),
  anthropic: checkAnthropic,
  gemini: checkGemini,
  mcp: checkMcp,
  "ai-sdk": checkAiSdk,
};

function checkList(tools: unknown, report: Report): unknown[] {
  if (!Array.isArray(tools)) {
    report("", "", "the tool list must be an array");
    return [];
  }
  return tools;
}

function checkUnique(names: string[], report: Report): void {
  const seen = new Set<string>();
  for (const n of names) {
    if (seen.has(n)) report(n, "", "tool names must be unique");
    seen.add(n);
  }
}

const chatFunction = (tool: unknown) => (isObject(tool) && isObject(tool.function) ? tool.function : undefined);
const responsesFunction = (tool: unknown) => (isObject(tool) ? tool : undefined);

/** `strictStated`: the Responses API reads a missing `strict` as true; Chat Completions as false, so there it may be left out. */
function checkOpenAi(tools: unknown, report: Report, fn: (tool: unknown) => SchemaObject | undefined, strictStated: boolean): void {
  const list = checkList(tools, report);
  if (list.length > OPENAI_MAX_TOOLS) report("", "", `at most ${OPENAI_MAX_TOOLS} functions`);
  const names: string[] = [];
  for (const tool of list) {
    const f = fn(tool);
    if (!isObject(tool) || tool.type !== "function" || !f) {
      report("", "", "each tool is { type: 'function', ... }");
      continue;
    }
    const name = String(f.name);
    names.push(name);
    if (!OPENAI_NAME.test(name)) report(name, "", "name must match ^[a-zA-Z0-9_-]{1,64}$");
    if (typeof f.description !== "string") report(name, "", "description must be a string");
    if (!isObject(f.parameters) || f.parameters.type !== "object") report(name, "/", "parameters must be a JSON Schema object with type 'object'");
    rootCombinators(name, f.parameters, report);
    if (typeof f.description === "string" && f.description.length > OPENAI_MAX_DESCRIPTION) report(name, "", `description must be at most ${OPENAI_MAX_DESCRIPTION} characters`);
    if (strictStated && typeof f.strict !== "boolean") report(name, "", "strict must be stated (the Responses API defaults it to true)");
    if (f.strict === true) checkStrict(name, f.parameters, report);
  }
  checkUnique(names, report);
}

/** https://platform.openai.com/docs/guides/structured-outputs#supported-schemas */
function checkStrict(tool: string, schema: unknown, report: Report): void {
  let properties = 0;
  let enumValues = 0;
  checkRefsResolve(tool, schema, report);
  for (const [node, path] of walkSchema(schema)) {
    for (const k of Object.keys(node)) if (!STRICT_KEYWORDS.has(k)) report(tool, path, `'${k}' is not supported in strict mode`);
    if (typeof node.format === "string" && !STRICT_FORMATS.includes(node.format)) report(tool, path, `format '${node.format}' is not supported`);
    if (typeof node.pattern === "string" && LOOKAROUND.test(node.pattern)) report(tool, path, "a pattern's lookaround is not supported");
    if (node.$ref !== undefined && Object.keys(node).length > 1) report(tool, path, "$ref must stand alone");
    if (Array.isArray(node.enum)) enumValues += node.enum.length;
    const type = node.type;
    const isObjectNode = type === "object" || (Array.isArray(type) && type.includes("object"));
    if (!isObjectNode) continue;
    if (node.additionalProperties !== false) report(tool, path, "additionalProperties must be false");
    const keys = isObject(node.properties) ? Object.keys(node.properties) : [];
    properties += keys.length;
    const required = Array.isArray(node.required) ? node.required : [];
    if (keys.length !== required.length || !keys.every((k) => required.includes(k))) report(tool, path, "every property must be required");
    if (nesting(path) > STRICT_LIMITS.depth) report(tool, path, `at most ${STRICT_LIMITS.depth} levels of object nesting`);
  }
  if (properties > STRICT_LIMITS.properties) report(tool, "", `at most ${STRICT_LIMITS.properties} object properties in total`);
  if (enumValues > STRICT_LIMITS.enumValues) report(tool, "", `at most ${STRICT_LIMITS.enumValues} enum values in total`);
  for (const problem of strictTextProblems(schema)) report(tool, problem.path, problem.message);
}

/** https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#specifying-client-tools */
function checkAnthropic(tools: unknown, report: Report): void {
  const names: string[] = [];
  for (const tool of checkList(tools, report)) {
    if (!isObject(tool)) continue;
    const name = String(tool.name);
    names.push(name);
    if (!OPENAI_NAME.test(name)) report(name, "", "name must match ^[a-zA-Z0-9_-]{1,64}$");
    if (typeof tool.description !== "string") report(name, "", "description must be a string");
    if (!isObject(tool.input_schema) || tool.input_schema.type !== "object") report(name, "/", "input_schema must have type 'object'");
    else for (const key of Object.keys(isObject(tool.input_schema.properties) ? tool.input_schema.properties : {})) if (!/^[a-zA-Z0-9_.-]{1,64}$/.test(key)) report(name, `/properties/${key}`, "property names must match ^[a-zA-Z0-9_.-]{1,64}$");
    rootCombinators(name, tool.input_schema, report);
    checkRefsResolve(name, tool.input_schema, report);
  }
  checkUnique(names, report);
}

const GEMINI_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]);
const GEMINI_FIELDS = new Set(["type", "format", "title", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required", "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf", "propertyOrdering", "default", "items", "minimum", "maximum"]);
const GEMINI_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/** https://ai.google.dev/api/caching#FunctionDeclaration and https://ai.google.dev/api/caching#Schema */
function checkGemini(tools: unknown, report: Report): void {
  const wrappers = checkList(tools, report);
  if (wrappers.length > 1 || (wrappers[0] !== undefined && (!isObject(wrappers[0]) || !Array.isArray(wrappers[0].functionDeclarations)))) report("", "", "tools is [{ functionDeclarations: [...] }]");
  const declarations = isObject(wrappers[0]) && Array.isArray(wrappers[0].functionDeclarations) ? wrappers[0].functionDeclarations : [];
  const names: string[] = [];
  for (const d of declarations) {
    if (!isObject(d)) continue;
    const name = String(d.name);
    names.push(name);
    if (!GEMINI_NAME.test(name)) report(name, "", "name must start with a letter or _, then a-z, A-Z, 0-9, _ . : -, at most 64");
    if (d.parameters === undefined) continue;
    if (!isObject(d.parameters) || d.parameters.type !== "OBJECT") report(name, "/", "parameters must have type OBJECT");
    for (const [node, path] of walkGemini(d.parameters)) {
      for (const k of Object.keys(node)) if (!GEMINI_FIELDS.has(k)) report(name, path, `'${k}' is not a Gemini Schema field`);
      if (node.type !== undefined && !GEMINI_TYPES.has(String(node.type))) report(name, path, `type ${JSON.stringify(node.type)} is not a Gemini type`);
      if (node.type === undefined && node.anyOf === undefined) report(name, path, "every schema states a type (or anyOf)");
      if (node.enum !== undefined && (node.type !== "STRING" || !Array.isArray(node.enum) || !node.enum.every((v) => typeof v === "string"))) report(name, path, "enum is for STRING values only");
      if ((node.minimum !== undefined || node.maximum !== undefined) && node.type !== "NUMBER" && node.type !== "INTEGER") report(name, path, "minimum and maximum are for NUMBER and INTEGER values only");
      if (node.type === "OBJECT" && path !== "" && (!isObject(node.properties) || Object.keys(node.properties).length === 0)) report(name, path, "an OBJECT needs properties");
      if (Array.isArray(node.required) && !node.required.every((r) => isObject(node.properties) && Object.hasOwn(node.properties, String(r)))) report(name, path, "required names a property that does not exist");
    }
  }
  checkUnique(names, report);
}

function* walkGemini(node: unknown, path = ""): Generator<[SchemaObject, string]> {
  if (!isObject(node)) return;
  yield [node, path];
  if (isObject(node.items)) yield* walkGemini(node.items, `${path}/items`);
  if (Array.isArray(node.anyOf)) for (const [i, c] of node.anyOf.entries()) yield* walkGemini(c, `${path}/anyOf/${i}`);
  if (isObject(node.properties)) for (const [n, c] of Object.entries(node.properties)) yield* walkGemini(c, `${path}/properties/${n}`);
}

const MCP_NAME = /^[A-Za-z0-9._-]{1,128}$/;
const MCP_ANNOTATIONS = new Set(["title", "readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"]);

/** https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool */
function checkMcp(tools: unknown, report: Report): void {
  const names: string[] = [];
  for (const tool of checkList(tools, report)) {
    if (!isObject(tool)) continue;
    const name = String(tool.name);
    names.push(name);
    if (!MCP_NAME.test(name)) report(name, "", "name must match ^[A-Za-z0-9._-]{1,128}$");
    if (!isObject(tool.inputSchema) || tool.inputSchema.type !== "object") report(name, "/inputSchema", "inputSchema must have type 'object'");
    if (tool.outputSchema !== undefined && (!isObject(tool.outputSchema) || tool.outputSchema.type !== "object")) report(name, "/outputSchema", "outputSchema must have type 'object'");
    checkRefsResolve(name, tool.inputSchema, report);
    if (tool.outputSchema !== undefined) checkRefsResolve(name, tool.outputSchema, report);
    if (tool.annotations !== undefined) {
      if (!isObject(tool.annotations)) report(name, "/annotations", "annotations must be an object");
      else for (const k of Object.keys(tool.annotations)) if (!MCP_ANNOTATIONS.has(k)) report(name, "/annotations", `unknown annotation '${k}'`);
    }
  }
  checkUnique(names, report);
}

const AI_SDK_SCHEMA = Symbol.for("vercel.ai.schema");

/** https://ai-sdk.dev/docs/reference/ai-sdk-core/tool — a record of tool() objects whose inputSchema is a jsonSchema(). */
function checkAiSdk(tools: unknown, report: Report): void {
  if (!isObject(tools)) return report("", "", "tools is a record of name to tool");
  for (const [name, tool] of Object.entries(tools)) {
    if (!/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/.test(name)) report(name, "", "name must suit every provider the AI SDK talks to");
    if (!isObject(tool)) continue;
    const schema = tool.inputSchema as { [AI_SDK_SCHEMA]?: unknown; jsonSchema?: unknown } | undefined;
    if (!isObject(schema) || schema[AI_SDK_SCHEMA] !== true || !("validate" in schema)) report(name, "/inputSchema", "inputSchema must be a jsonSchema() object");
    else if (!isObject(schema.jsonSchema) || schema.jsonSchema.type !== "object") report(name, "/inputSchema", "the JSON schema must have type 'object'");
    if (tool.execute !== undefined && typeof tool.execute !== "function") report(name, "/execute", "execute must be a function");
  }
}
