import type * as ts from "typescript";

/**
 * The name each local symbol is exported under, for `export { f }`, `export { f as g }` and
 * `export default f` (declarations with an `export` modifier are read from the modifier).
 * A symbol exported twice keeps its own name when one of the exports has it.
 */
export function findExportNames(tsm: typeof ts, checker: ts.TypeChecker, sourceFile: ts.SourceFile): Map<ts.Symbol, string> {
  const names = new Map<ts.Symbol, string>();
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  if (!moduleSymbol) return names;
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const local = exported.flags & tsm.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.getName();
    const previous = names.get(local);
    if (previous === undefined || (previous !== local.getName() && name === local.getName())) names.set(local, name);
  }
  return names;
}
