import { diagnosticJson, printJson } from "../output/diagnostic-json.js";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { analyzeProject } from "../project/analyze-project.js";

/**
 * `toolgen lint`: the lint rules' findings on the current sources (docs/contracts.md#lint),
 * at the levels the config gives them; with errors of the analysis itself, those instead.
 * Exit 1 when any finding is an error.
 */
export function runLint(options: { project?: string; json?: boolean }): number {
  const { diagnostics } = analyzeProject(options.project);
  const analysisErrors = diagnostics.filter((d) => d.severity === "error" && d.rule === undefined);
  const shown = analysisErrors.length > 0 ? analysisErrors : diagnostics.filter((d) => d.rule !== undefined);
  if (options.json) {
    printJson(shown.map((d) => diagnosticJson(d)));
  } else if (shown.length > 0) {
    process.stderr.write(`${formatDiagnostics(shown, process.cwd())}\n`);
  } else {
    process.stdout.write("toolgen: no lint findings.\n");
  }
  return shown.some((d) => d.severity === "error") ? 1 : 0;
}
