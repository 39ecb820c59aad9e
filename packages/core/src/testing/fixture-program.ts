import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { analyze, type AnalyzeOptions, type AnalyzeResult } from "../analyze.js";
import type { NamingStyle } from "../source/naming.js";

/** The repository root (tests only: this folder is not part of the published package). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** The runtime's declarations as users get them (bundled), so `ToolContext` is recognised exactly as users import it. */
const RUNTIME_TYPES = path.join(REPO_ROOT, "packages/runtime/dist/types/index.d.ts");

export const FIXTURE_COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2023.d.ts"],
  types: [],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  paths: { "@toolgen/runtime": [RUNTIME_TYPES] },
};

const sharedFiles = new Map<string, ts.SourceFile>();

/**
 * How the program parses doc comments: "like tsc" (only what a type error needs: in `.ts`
 * files, only comments with `@see` or `@link`; toolgen then parses the comments it reads),
 * "like the cli" (none in `.ts` files, as `toolgen build` and `watch` parse) or "all" (every
 * comment up front, as a ts-morph `Project` does).
 */
export type JsDocParsing = "like tsc" | "like the cli" | "all";

/**
 * A `ts.Program` over in-memory files placed under `root` (an absolute path that need not
 * exist): no tsconfig, no file system for the sources, the real lib and runtime declarations.
 */
export function createFixtureProgram(files: Readonly<Record<string, string>>, root: string, options: ts.CompilerOptions = FIXTURE_COMPILER_OPTIONS, jsDoc: JsDocParsing = "like tsc"): ts.Program {
  if (!existsSync(RUNTIME_TYPES)) throw new Error(`${RUNTIME_TYPES} is missing: run 'npm run build' first.`);
  const virtual = new Map(Object.entries(files).map(([name, text]) => [path.posix.join(root, name), text]));
  const folders = new Set([...virtual.keys()].flatMap((f) => ancestors(path.posix.dirname(f))));
  const host = ts.createCompilerHost(options, true);
  host.jsDocParsingMode = { "like tsc": ts.JSDocParsingMode.ParseForTypeErrors, "like the cli": ts.JSDocParsingMode.ParseForTypeInfo, all: ts.JSDocParsingMode.ParseAll }[jsDoc];
  const { getSourceFile, fileExists, readFile, directoryExists, realpath } = host;
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.directoryExists = (name) => folders.has(name) || (directoryExists?.call(host, name) ?? false);
  host.realpath = (name) => (virtual.has(name) || folders.has(name) ? name : (realpath?.call(host, name) ?? name));
  host.readFile = (name) => virtual.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const text = virtual.get(name);
    if (text !== undefined) return ts.createSourceFile(name, text, languageVersion, true);
    // Lib and runtime declarations never change during a test run: parse them once.
    const key = `${name}\0${JSON.stringify(languageVersion)}`;
    let file = sharedFiles.get(key);
    if (!file) {
      file = getSourceFile.call(host, name, languageVersion, onError, shouldCreate);
      if (file) sharedFiles.set(key, file);
    }
    return file;
  };
  host.getCurrentDirectory = () => root;
  // What a dependency ships is reached through imports, as in a real program, not a root file.
  return ts.createProgram([...virtual.keys()].filter((f) => /\.tsx?$/.test(f) && !f.includes("/node_modules/")), options, host);
}

function ancestors(folder: string): string[] {
  const out: string[] = [];
  for (let f = folder; ; f = path.posix.dirname(f)) {
    out.push(f);
    if (path.posix.dirname(f) === f) return out;
  }
}

export interface FixtureOptions {
  naming?: NamingStyle | string;
  strict?: boolean;
  /** Test-only: make the checker throw while reading the parameter with this name. */
  faultAt?: string;
  jsDoc?: JsDocParsing;
  /** Over `FIXTURE_COMPILER_OPTIONS`, as a tsconfig's `compilerOptions` would set them. */
  compilerOptions?: ts.CompilerOptions;
}

/** Reads `options.json` beside a fixture's `main.ts`, if there is one. */
export function readFixtureOptions(folder: string): FixtureOptions {
  const file = path.join(folder, "options.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as FixtureOptions) : {};
}

/** Analyzes in-memory files as a package named `fixture` rooted at `root`. */
export function analyzeFiles(files: Readonly<Record<string, string>>, root: string, options: FixtureOptions = {}): AnalyzeResult & { program: ts.Program } {
  let program = createFixtureProgram(files, root, { ...FIXTURE_COMPILER_OPTIONS, ...options.compilerOptions }, options.jsDoc);
  if (options.faultAt) program = withFault(program, options.faultAt);
  const result = analyze(program, {
    ts: ts as unknown as AnalyzeOptions["ts"],
    packageRoot: root,
    packageName: "fixture",
    ...(options.naming !== undefined ? { naming: options.naming as NamingStyle } : {}),
    ...(options.strict !== undefined ? { strict: options.strict } : {}),
  });
  return { ...result, program };
}

/** A program whose checker throws on one parameter: proves a bug in the analyzer never escapes. */
function withFault(program: ts.Program, parameterName: string): ts.Program {
  const checker = program.getTypeChecker();
  const faulty = new Proxy(checker, {
    get(target, key, receiver) {
      if (key === "getTypeAtLocation") {
        return (node: ts.Node) => {
          if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.name.text === parameterName) throw new Error(`injected fault at '${parameterName}'`);
          return target.getTypeAtLocation(node);
        };
      }
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return new Proxy(program, {
    get(target, key, receiver) {
      if (key === "getTypeChecker") return () => faulty;
      const value: unknown = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
