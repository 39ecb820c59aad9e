import { formatDiagnostics } from "../output/print-diagnostics.js";
import { analyzeProject } from "../project/analyze-project.js";
import { entryCost } from "./list.js";
import { UsageError } from "./usage-error.js";

export interface InspectOptions {
  project?: string;
  json?: boolean;
  provider?: string;
}

/** `toolgen inspect <name>`: one entry in full. */
export function runInspect(name: string, options: InspectOptions): number {
  if (options.provider) throw new UsageError("--provider is not built yet (planned: provider projections, issue #6).");
  const { entries, diagnostics } = analyzeProject(options.project);
  if (diagnostics.some((d) => d.severity === "error")) {
    process.stderr.write(formatDiagnostics(diagnostics, process.cwd()) + "\n");
    return 1;
  }
  const entry = entries.find((e) => e.name === name);
  if (!entry) throw new UsageError(`No entry named '${name}'. Known: ${entries.map((e) => e.name).join(", ") || "none"}.`);
  if (options.json) {
    process.stdout.write(JSON.stringify(entry, null, 2) + "\n");
    return 0;
  }
  const cost = entryCost(entry);
  process.stdout.write(
    [
      `${entry.kind} ${entry.name}${entry.title ? ` (${entry.title})` : ""}`,
      entry.description,
      "",
      `source: ${entry.source.file}:${entry.source.line}:${entry.source.column}`,
      `cost: ${cost.chars} characters, ~${cost.tokens} tokens`,
      "input schema:",
      JSON.stringify(entry.inputSchema, null, 2),
      ...(entry.outputSchema ? ["output schema:", JSON.stringify(entry.outputSchema, null, 2)] : []),
    ].join("\n") + "\n",
  );
  return 0;
}
