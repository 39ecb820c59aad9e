import * as path from "node:path";
import { type Diagnostic, sortDiagnostics } from "@toolgen/core";
import type { ts } from "ts-morph";
import type { ProjectInfo } from "@toolgen/transformer/project";
import { judgesOwnOptions } from "../project/load-project.js";
import type { Typescript } from "../project/typescript.js";

/**
 * What `tsc` refuses before any type check: syntax errors, and an invalid tsconfig or compiler
 * options. toolgen's reading of a file that does not parse would describe something other than
 * the code (`f(x: number y: string)` parses as two parameters), so these fail the build too,
 * reported as `tsc` reports them (`TS1005`). Type errors stay `tsc`'s to report: the analysis
 * only needs the declarations it reads to be well-formed. The options are judged only where the
 * compiler reading them holds them to the project's own rules (`ownCompiler`, see
 * `judgesOwnOptions`): the bundled one, standing in for a 5.x project, would hold them to its
 * own version's (deprecations, a required `rootDir`).
 */
export function compilerDiagnostics(tsm: Typescript, program: ts.Program, tsconfigPath: string, ownCompiler: boolean, registryModulePath?: string): Diagnostic[] {
  const found = [...(ownCompiler ? [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics()] : []), ...program.getSyntacticDiagnostics()];
  return found.flatMap((d) => {
    const severity = d.category === tsm.DiagnosticCategory.Error ? "error" : d.category === tsm.DiagnosticCategory.Warning ? "warning" : undefined;
    if (!severity) return [];
    const start = d.start ?? 0;
    const position = d.file?.getLineAndCharacterOfPosition(start) ?? { line: 0, character: 0 };
    // A module at the registry module's place that does not parse is one toolgen wrote, then someone edited.
    const hint = d.file && registryModulePath && path.resolve(d.file.fileName) === path.resolve(registryModulePath) ? " (toolgen writes the registry module here: delete the file, then run toolgen build)" : "";
    const message = tsm.flattenDiagnosticMessageText(d.messageText, "\n") + hint;
    return [{ code: `TS${d.code}`, severity, message, file: d.file?.fileName ?? tsconfigPath, start, length: d.length ?? 0, line: position.line + 1, column: position.character + 1 } satisfies Diagnostic];
  });
}

/**
 * The analysis' diagnostics with the compiler's, in the one deterministic order. The analysis
 * of a file the compiler refuses describes something else than the code (see above), so its
 * findings there are left out, and all of them when the tsconfig itself is refused.
 */
export function withCompilerDiagnostics<T extends { diagnostics: Diagnostic[] }>(result: T, compiler: readonly Diagnostic[]): T {
  if (compiler.length === 0) return result;
  const errors = compiler.filter((d) => d.severity === "error");
  // Syntax errors (TS1xxx) are a file's; the others are the tsconfig's or the options' (TS5xxx, TS6xxx, TS18xxx).
  const projectRefused = errors.some((d) => !/^TS1\d{3}$/.test(d.code));
  const refused = new Set(errors.map((d) => d.file));
  const kept = projectRefused ? [] : result.diagnostics.filter((d) => !refused.has(d.file));
  return { ...result, diagnostics: sortDiagnostics([...compiler, ...kept]) };
}

/** `result` with what tsc refuses in the project's program, as `withCompilerDiagnostics` joins them. */
export function withProjectCompilerDiagnostics<T extends { diagnostics: Diagnostic[] }>(tsm: Typescript, info: ProjectInfo, program: ts.Program, result: T): T {
  return withCompilerDiagnostics(result, compilerDiagnostics(tsm, program, info.tsconfigPath, judgesOwnOptions(info), info.registryModulePath));
}
