// The spikes' JavaScript reader (issue #21): a project read with the JavaScript compiler
// (TypeScript 6, in process) — the program, then the walk the analyzer makes: every function
// declaration tagged @tool, its signature, each parameter's and the result's type and,
// recursively, union and intersection members, array and tuple elements, properties with their
// JSDoc and index signatures, each type once. `questions` counts what a native API would be asked.
import { performance } from "node:perf_hooks";

/** `ts` is the TypeScript module to read with; `tsconfig` the project's. */
export function readWithJs(ts, tsconfig) {
  const started = performance.now();
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram(config.fileNames, config.options);
  const checker = program.getTypeChecker();
  const readyMs = performance.now() - started;
  const seen = new Set();
  let questions = 0;
  const visit = (type) => {
    if (seen.has(type)) return;
    seen.add(type);
    questions++;
    if (type.isUnionOrIntersection()) for (const t of type.types) visit(t);
    if (checker.isArrayType(type) || checker.isTupleType(type)) for (const t of checker.getTypeArguments(type)) visit(t);
    if (type.flags & ts.TypeFlags.Object) {
      for (const property of checker.getPropertiesOfType(type)) {
        questions += 2;
        property.getJsDocTags(checker);
        visit(checker.getTypeOfSymbol(property));
      }
      for (const info of checker.getIndexInfosOfType(type)) visit(info.type);
    }
  };
  let tools = 0;
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    for (const statement of file.statements) {
      if (!ts.isFunctionDeclaration(statement) || !ts.getJSDocTags(statement).some((t) => t.tagName.text === "tool")) continue;
      tools++;
      const signature = checker.getSignatureFromDeclaration(statement);
      for (const parameter of signature.getParameters()) visit(checker.getTypeOfSymbol(parameter));
      visit(checker.getReturnTypeOfSignature(signature));
    }
  }
  return { tools, types: seen.size, questions, readyMs, totalMs: performance.now() - started };
}
