import { closestNames, type ManifestEntry } from "@toolgen/runtime";
import type { ProviderId } from "@toolgen/runtime/providers";
import { refusedSources } from "../output/print-diagnostics.js";
import { analyzeApplication, withDependencyEntries, withOrigin } from "../project/analyze-project.js";
import { entryCost } from "@toolgen/core";
import { forTerminal } from "../output/terminal-text.js";
import { forHosts, hostsOf, projectForProvider, readProvider } from "./provider-projection.js";
import { UsageError } from "./usage-error.js";

export interface InspectOptions {
  project?: string;
  json?: boolean;
  provider?: string;
  host?: string[];
}

/** `toolgen inspect <name>`: one entry in full. */
export function runInspect(name: string, options: InspectOptions): number {
  const provider = options.provider === undefined ? undefined : readProvider(options.provider);
  const { entries: own, diagnostics, info } = analyzeApplication(options.project);
  if (refusedSources(diagnostics, options.json)) return 1;
  const { entries, packageOf } = withDependencyEntries(info, own, options.host);
  const entry = entries.find((e) => e.name === name);
  if (!entry) {
    const names = entries.map((e) => e.name);
    const [closest] = closestNames(name, names);
    throw new UsageError(`No entry named '${name}'.${closest ? ` Did you mean '${closest}'?` : ""} Known: ${names.join(", ") || "none"}.`);
  }
  if (provider) return printProjected(provider, entry, entries, options.host);
  if (options.host) throw new UsageError("--host only applies with --provider.");
  if (options.json) {
    process.stdout.write(JSON.stringify(withOrigin(entry, packageOf), null, 2) + "\n");
    return 0;
  }
  const cost = entryCost(entry);
  const hosts = hostsOf(entry);
  process.stdout.write(
    forTerminal([
      `${entry.kind} ${entry.name}${entry.title ? ` (${entry.title})` : ""}`,
      entry.description,
      "",
      ...(entry.deprecated ? [`deprecated${typeof entry.deprecated === "string" ? `: ${entry.deprecated}` : ""}`] : []),
      ...(entry.returns ? [`returns: ${entry.returns}`] : []),
      // A dependency's entry names a file of that package.
      `source: ${packageOf(entry) ? `${packageOf(entry)}, ` : ""}${entry.source.file}:${entry.source.line}:${entry.source.column}`,
      `cost: ${cost.chars} characters, ~${cost.tokens} tokens`,
      ...(entry.toolset ? [`toolset: ${entry.toolset}`] : []),
      ...(entry.external ? ["external: the host executes its calls (a call is suspended)"] : []),
      ...(entry.annotations ? [`hints: ${Object.entries(entry.annotations).map(([hint, value]) => `${hint} ${JSON.stringify(value)}`).join(", ")}`] : []),
      ...(entry.tags?.length ? [`tags: ${entry.tags.join(", ")}`] : []),
      ...(entry.scopes?.length ? [`scopes: ${entry.scopes.join(" ")}`] : []),
      ...(hosts ? [`hosts: ${hosts}`] : []),
      // What a resource or prompt is reached by, beside what a tool has.
      ...(entry.uris ? [`uris: ${entry.uris.join(" ")}`] : []),
      ...(entry.mimeType ? [`mime type: ${entry.mimeType}`] : []),
      ...(entry.role ? [`role: ${entry.role}`] : []),
      ...Object.entries(entry.completions ?? {}).map(([argument, completer]) => `completes ${argument} with: ${completer}`),
      "input schema:",
      JSON.stringify(entry.inputSchema, null, 2),
      ...(entry.outputSchema ? ["output schema:", JSON.stringify(entry.outputSchema, null, 2)] : []),
    ].join("\n")) + "\n",
  );
  return 0;
}

/** The one definition the provider receives for this tool (names are sanitized against all tools, as in the real list). */
function printProjected(provider: ProviderId, entry: ManifestEntry, entries: readonly ManifestEntry[], hosts: readonly string[] = []): number {
  if (entry.kind !== "tool") throw new UsageError(`'${entry.name}' is a ${entry.kind}; only tools are projected to providers.`);
  if (!forHosts([entry], hosts).length) {
    process.stderr.write(`toolgen: '${entry.name}' is not registered for ${hosts.length ? `the hosts ${hosts.join(", ")}` : "an application that declares no host"} (@supportedFor/@excludedFor); pass the application's --host.\n`);
    return 1;
  }
  if (provider === "mcp" && entry.external) {
    process.stderr.write(`toolgen: '${entry.name}' is @external: an MCP server does not offer it, since its client could not run it (docs/mcp.md).\n`);
    return 1;
  }
  // Only this tool's problems are shown; the names are still sanitized against every tool, as in the real list.
  const projection = projectForProvider(provider, forHosts(entries, hosts), entry.name);
  if (typeof projection === "number") return projection;
  const index = projection.definitions.findIndex((_, i) => nameOf(projection.definitions[i]) === projection.names.toProvider(entry.name));
  if (index < 0) {
    process.stderr.write(`toolgen: '${entry.name}' cannot be sent to ${provider} (see above).\n`);
    return 1;
  }
  const definition = projection.definitions[index] as { name: string; tool?: unknown };
  // The AI SDK takes a record keyed by name, so one tool prints as a one-entry record.
  const shown = provider === "ai-sdk" ? { [definition.name]: definition.tool } : definition;
  process.stdout.write(JSON.stringify(shown, null, 2) + "\n");
  return 0;
}

/** Every provider's definition carries its name at the top or in \`function\`. */
function nameOf(definition: unknown): unknown {
  const d = definition as { name?: unknown; function?: { name?: unknown } };
  return d.function?.name ?? d.name;
}
