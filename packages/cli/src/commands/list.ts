import { entryCost } from "@toolgen/core";
import type { ManifestEntry } from "@toolgen/runtime";
import { refusedSources } from "../output/print-diagnostics.js";
import { analyzeApplication, withDependencyEntries, withOrigin } from "../project/analyze-project.js";
import { displayWidth, forTerminal, padToWidth, truncateToWidth } from "../output/terminal-text.js";
import { loadProblem } from "../project/dependency-problem.js";
import { workspaceRootNote } from "../project/locate-built-package.js";
import { forHosts, hostsOf, projectForProvider, readProvider } from "./provider-projection.js";

export interface ListOptions {
  project?: string;
  json?: boolean;
  provider?: string;
  host?: string[];
}

/**
 * `toolgen list`: what the model will see, from the current sources and the manifests of the
 * installed dependencies (as `toolgen call` and `serve` load them). With `--provider`,
 * exactly the tool list that provider receives from an application declaring the `--host`s
 * (none by default: only tools without `@supportedFor`), as `toolgen serve` would send it;
 * without, every entry, or with `--host` those such an application registers.
 */
export async function runList(options: ListOptions): Promise<number> {
  const provider = options.provider === undefined ? undefined : readProvider(options.provider);
  const { entries: own, diagnostics, info } = analyzeApplication(options.project);
  if (refusedSources(diagnostics, options.json)) return 1;
  const { entries, dependencies, packageOf } = withDependencyEntries(info, own, options.host);
  // Listed all the same (what it declares), but not what a model would be served.
  const refused = await loadProblem(dependencies);
  if (refused) process.stderr.write(`toolgen: warning: ${refused}\n`);
  if (provider) {
    const projection = projectForProvider(provider, forHosts(entries, options.host));
    if (typeof projection === "number") return projection;
    process.stdout.write(JSON.stringify(projection.tools, null, 2) + "\n");
    // A tool the provider cannot take was reported and left out: the list is not the whole registry.
    return projection.issues.some((i) => i.severity === "error") ? 1 : 0;
  }
  // With --host, what an application declaring those hosts registers, as `call` and `serve` do; without, every entry, each marked with its hosts.
  const shown = options.host ? forHosts(entries, options.host) : entries;
  const atWorkspaceRoot = entries.length === 0 ? workspaceRootNote(info.packageJson) : undefined;
  if (atWorkspaceRoot) process.stderr.write(atWorkspaceRoot);
  if (options.json) {
    process.stdout.write(JSON.stringify(shown.map((entry) => withOrigin(entry, packageOf)), null, 2) + "\n");
    return 0;
  }
  process.stdout.write(renderTable(shown, packageOf) + "\n");
  return 0;
}

/**
 * The table; with a HOSTS column when an entry is registered for some hosts only (`only ide`,
 * `not web`), and a FROM column (the package and version) when a dependency provides entries.
 */
function renderTable(entries: readonly ManifestEntry[], packageOf: (entry: ManifestEntry) => string | undefined): string {
  const fromDependencies = entries.some((e) => packageOf(e) !== undefined);
  const forSomeHosts = entries.some((e) => hostsOf(e) !== "");
  const rows = entries.map((e) => {
    const props = Object.keys((e.inputSchema as { properties?: object }).properties ?? {});
    const cost = entryCost(e);
    return [
      e.name,
      e.kind,
      truncateToWidth(e.description.split("\n")[0] ?? "", 48),
      props.join(", ") || "-",
      String(cost.chars),
      `~${cost.tokens}`,
      ...(forSomeHosts ? [hostsOf(e) || "any"] : []),
      ...(fromDependencies ? [packageOf(e) ?? "(this package)"] : []),
      // Escaped before the columns are measured, so a row stays in line.
    ].map(forTerminal);
  });
  const header = ["NAME", "KIND", "DESCRIPTION", "PARAMETERS", "CHARS", "TOKENS", ...(forSomeHosts ? ["HOSTS"] : []), ...(fromDependencies ? ["FROM"] : [])];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => displayWidth(r[i]!))));
  const line = (cells: string[]) => cells.map((c, i) => padToWidth(c, widths[i]!)).join("  ").trimEnd();
  // Tools only: prompts and resources are not offered to the model as tools (the catalog counts the same way).
  const tools = entries.filter((e) => e.kind === "tool");
  const total = tools.reduce((sum, e) => sum + entryCost(e).tokens, 0);
  const ofThem = tools.length < entries.length ? `, ${tools.length} of them tool${tools.length === 1 ? "" : "s"}:` : ",";
  return [line(header), ...rows.map(line), "", `${entries.length} entr${entries.length === 1 ? "y" : "ies"}${ofThem} ~${total} tokens of tool definitions.`].join("\n");
}
