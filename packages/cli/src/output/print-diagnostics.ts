import { readFileSync } from "node:fs";
import * as path from "node:path";
import { codeFrameColumns } from "@babel/code-frame";
import type { Diagnostic } from "@toolgen/core";
import pc from "picocolors";
import { shouldColor } from "./color.js";
import { diagnosticJson, printJson } from "./diagnostic-json.js";

/**
 * Prints diagnostics the way `tsc --pretty` does: `file:line:col - error TG1234: message`,
 * then a code frame. Colour only when stderr is a terminal, and never with `NO_COLOR`.
 */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], cwd: string, color = shouldColor(process.stderr)): string {
  const c = pc.createColors(color);
  const sources = new Map<string, string>();
  const blocks = diagnostics.map((d) => {
    const file = path.relative(cwd, d.file) || d.file;
    const severity = d.severity === "error" ? c.red("error") : c.yellow("warning");
    const head = `${c.cyan(file)}:${c.yellow(String(d.line))}:${c.yellow(String(d.column))} - ${severity} ${c.gray(d.rule ? `${d.code} [${d.rule}]` : d.code)}: ${d.message}`;
    let source = sources.get(d.file);
    if (source === undefined) {
      try {
        source = readFileSync(d.file, "utf8");
      } catch {
        source = "";
      }
      sources.set(d.file, source);
    }
    // A frame shows the lines around the place: not for a minified or binary file, whose one
    // line may be megabytes long.
    if (!source || framedLinesAreTooLong(source, d.line)) return head;
    const frame = codeFrameColumns(source, { start: { line: d.line, column: d.column } }, { highlightCode: color, forceColor: color });
    return `${head}\n\n${frame}\n`;
  });
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.length - errors;
  if (diagnostics.length > 0) blocks.push(`Found ${errors} error${errors === 1 ? "" : "s"}${warnings ? ` and ${warnings} warning${warnings === 1 ? "" : "s"}` : ""}.`);
  return blocks.join("\n");
}

/** Prints diagnostics (if any) to stderr; returns true when one of them is an error. */
export function reportDiagnostics(diagnostics: readonly Diagnostic[]): boolean {
  if (diagnostics.length > 0) process.stderr.write(formatDiagnostics(diagnostics, process.cwd()) + "\n");
  return diagnostics.some((d) => d.severity === "error");
}

/**
 * Sources with errors: their diagnostics, on stderr, or with `--json` as `{ ok: false,
 * diagnostics }` on stdout (as `build --json` gives them), so that a script reading the
 * output always reads JSON. True when there were errors.
 */
export function refusedSources(diagnostics: readonly Diagnostic[], json: boolean | undefined): boolean {
  if (!diagnostics.some((d) => d.severity === "error")) return false;
  if (json) printJson({ ok: false, diagnostics: diagnostics.map((d) => diagnosticJson(d)) });
  else process.stderr.write(formatDiagnostics(diagnostics, process.cwd()) + "\n");
  return true;
}

const MAX_FRAMED_LINE = 500;

/** Whether a line a code frame would show (two around the diagnostic's) is too long to print. */
function framedLinesAreTooLong(source: string, line: number): boolean {
  let start = 0;
  for (let n = 1; n <= line + 2; n++) {
    const end = source.indexOf("\n", start);
    const length = (end < 0 ? source.length : end) - start;
    if (n >= line - 2 && length > MAX_FRAMED_LINE) return true;
    if (end < 0) break;
    start = end + 1;
  }
  return false;
}
