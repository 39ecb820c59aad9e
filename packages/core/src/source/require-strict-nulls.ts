import type * as ts from "typescript";
import { DiagnosticCode } from "../diagnostics/codes.js";
import type { DiagnosticBag } from "../diagnostics/diagnostic.js";

/**
 * Without `strictNullChecks` the checker takes `null` and `undefined` out of every type, so the
 * schemas of `string | null` would refuse the null the code takes, and a nullable result would
 * fail its own output check: an error at the setting in the tsconfig (or at its top, or, with
 * no tsconfig, at the first entry), once, when the program has entries.
 */
export function requireStrictNulls(tsm: typeof ts, program: ts.Program, firstEntry: ts.Node, diagnostics: DiagnosticBag): void {
  const options = program.getCompilerOptions();
  // TypeScript's own reading of the flag: its default follows `strict`, whose own default is the compiler's (true from 6.0).
  const strictOptionValue = (tsm as { getStrictOptionValue?: (o: ts.CompilerOptions, flag: string) => boolean }).getStrictOptionValue;
  const on = strictOptionValue ? strictOptionValue(options, "strictNullChecks") : (options.strictNullChecks ?? options.strict ?? false);
  if (on) return;
  const message = `toolgen needs "strictNullChecks" (or "strict"): without it TypeScript drops null and undefined from every type, and a schema would refuse the null your code takes. Set "strictNullChecks": true in the tsconfig's compilerOptions.`;
  const config = options.configFile as ts.TsConfigSourceFile | undefined;
  if (!config) return diagnostics.report(firstEntry, DiagnosticCode.InvalidConfig, message);
  // The setting where it is written: the tsconfig, or a config it extends (the nearest first).
  const bases = (config.extendedSourceFiles ?? []).map((file) => tsm.readJsonConfigFile(file, (f) => tsm.sys.readFile(f)));
  const files = [config, ...bases];
  // The flag itself where any file sets it (it wins over `strict`), else `strict`.
  const [file, setting] = ["strictNullChecks", "strict"].flatMap((name) => files.map((f) => [f, settingIn(tsm, f, name)] as const)).find(([, found]) => found) ?? [config, undefined];
  // A tsconfig's nodes have no parents to find their file by: placed by hand.
  const start = setting ? setting.getStart(file) : 0;
  diagnostics.reportRange(file, start, setting ? setting.getEnd() - start : 0, DiagnosticCode.InvalidConfig, message);
}

/** The property `name` of a tsconfig's own `compilerOptions`. */
function settingIn(tsm: typeof ts, config: ts.TsConfigSourceFile, name: string): ts.Node | undefined {
  const root = config.statements[0]?.expression;
  if (!root || !tsm.isObjectLiteralExpression(root)) return undefined;
  const nameOf = (p: ts.ObjectLiteralElementLike) => (p.name && (tsm.isStringLiteral(p.name) || tsm.isIdentifier(p.name)) ? p.name.text : undefined);
  const compilerOptions = root.properties.find((p) => nameOf(p) === "compilerOptions");
  if (!compilerOptions || !tsm.isPropertyAssignment(compilerOptions) || !tsm.isObjectLiteralExpression(compilerOptions.initializer)) return undefined;
  return compilerOptions.initializer.properties.find((p) => nameOf(p) === name);
}
