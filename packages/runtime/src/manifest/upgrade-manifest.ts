import { isModulePath, isRecord, MODULE_PATH, schemaShapeProblems } from "./check-manifest.js";
import { ENTRY_NAME, NAME_RULE } from "./entry-name.js";
import { describeJson, type ManifestProblem } from "./manifest-error.js";
import { MANIFEST_FORMAT_VERSION, type LegacyManifest, type LegacyTool, type Manifest, type ManifestEntry } from "./manifest-format.js";

/** Checks a format-1 manifest (the legacy descriptor); every problem with its JSON path. */
export function checkLegacyManifest(value: Record<string, unknown>): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const problem = (path: string, expected: string, v: unknown) => problems.push({ path, expected, received: describeJson(v) });
  const nonEmpty = (v: unknown) => typeof v === "string" && v.length > 0;
  if (!nonEmpty(value.name)) problem("$.name", "a non-empty string", value.name);
  if (value.version !== undefined && !nonEmpty(value.version)) problem("$.version", "a non-empty string", value.version);
  if (!Array.isArray(value.tools)) {
    problem("$.tools", "an array", value.tools);
    return problems;
  }
  value.tools.forEach((tool: unknown, i) => {
    const at = `$.tools[${i}]`;
    if (!isRecord(tool)) return problem(at, "an object", tool);
    if (typeof tool.name !== "string" || !ENTRY_NAME.test(tool.name)) problem(`${at}.name`, NAME_RULE, tool.name);
    if (!isModulePath(tool.module)) problem(`${at}.module`, MODULE_PATH, tool.module);
    if (!nonEmpty(tool.export)) problem(`${at}.export`, "a non-empty string", tool.export);
    if (typeof tool.description !== "string") problem(`${at}.description`, "a string", tool.description);
    if (!Array.isArray(tool.parameters) || tool.parameters.some((p) => !nonEmpty(p))) problem(`${at}.parameters`, "an array of argument names", tool.parameters);
    else {
      // Each positional argument is read from the arguments object by name: a name the schema does not declare would always be undefined.
      const declared = isRecord(tool.inputSchema) && isRecord(tool.inputSchema.properties) ? tool.inputSchema.properties : undefined;
      if (declared) tool.parameters.forEach((p, j) => !Object.hasOwn(declared, p as string) && problem(`${at}.parameters[${j}]`, "a property of inputSchema", p));
    }
    if (!isRecord(tool.inputSchema) && typeof tool.inputSchema !== "boolean") problem(`${at}.inputSchema`, "a JSON Schema (an object or a boolean)", tool.inputSchema);
    else if (isRecord(tool.inputSchema)) problems.push(...schemaShapeProblems(tool.inputSchema, `${at}.inputSchema`));
    for (const key of ["tags", "supportedFor", "excludedFor"]) {
      const v = tool[key];
      if (v !== undefined && (!Array.isArray(v) || v.some((s) => !nonEmpty(s)))) problem(`${at}.${key}`, "an array of non-empty strings", v);
    }
    if (tool.external !== undefined && typeof tool.external !== "boolean") problem(`${at}.external`, "true or false", tool.external);
  });
  return problems;
}

/**
 * A checked format-1 manifest as format 2. Legacy entries are positional tools; their
 * top-level defaults are read from the input schema, and, having no source location, they
 * point at their implementation module.
 */
export function upgradeManifest(legacy: LegacyManifest): Manifest {
  return {
    formatVersion: MANIFEST_FORMAT_VERSION,
    package: legacy.version === undefined ? { name: legacy.name } : { name: legacy.name, version: legacy.version },
    entries: legacy.tools.map(upgradeTool),
  };
}

function upgradeTool(tool: LegacyTool): ManifestEntry {
  const entry: ManifestEntry = {
    kind: "tool",
    name: tool.name,
    description: tool.description,
    implementation: { module: tool.module, export: tool.export },
    arguments: { mode: "positional", parameters: tool.parameters.map((name) => ({ kind: "argument", name })) },
    inputSchema: tool.inputSchema,
    source: { file: tool.module, line: 1, column: 1 },
  };
  const defaults = topLevelDefaults(tool.inputSchema);
  if (defaults) entry.defaults = defaults;
  if (tool.tags?.length) entry.tags = tool.tags;
  if (tool.supportedFor?.length) entry.supportedFor = tool.supportedFor;
  if (tool.excludedFor?.length) entry.excludedFor = tool.excludedFor;
  if (tool.external) entry.external = true;
  return entry;
}

function topLevelDefaults(schema: unknown): Record<string, unknown> | undefined {
  if (!isRecord(schema) || !isRecord(schema.properties)) return undefined;
  const defaults: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) if (isRecord(property) && Object.hasOwn(property, "default")) defaults[key] = property.default;
  return Object.keys(defaults).length > 0 ? defaults : undefined;
}
