import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { Project, ts } from "ts-morph";
import { ConfigError, parseConfig, type ToolgenConfig } from "./config.js";

/** Everything the commands need to know about the package being built. */
export interface ProjectInfo {
  tsconfigPath: string;
  packageRoot: string;
  packageJsonPath: string;
  packageJson: { name?: string; version?: string; description?: string; toolgen?: unknown; [key: string]: unknown };
  config: ToolgenConfig;
  compilerOptions: ts.CompilerOptions;
  /** Absolute paths. */
  manifestPath: string;
  registryModulePath: string;
}

/** Finds the tsconfig, its package and configuration. Throws `ConfigError` with a clear message. */
export function loadProjectInfo(tsconfigOption: string | undefined, cwd = process.cwd()): ProjectInfo {
  let tsconfigPath = path.resolve(cwd, tsconfigOption ?? "tsconfig.json");
  if (existsSync(tsconfigPath) && !tsconfigPath.endsWith(".json")) tsconfigPath = path.join(tsconfigPath, "tsconfig.json");
  if (!existsSync(tsconfigPath)) throw new ConfigError(`Cannot find ${tsconfigPath}; pass the project's tsconfig with -p <path>.`);
  const read = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (read.error) throw new ConfigError(`${tsconfigPath}: ${ts.flattenDiagnosticMessageText(read.error.messageText, "\n")}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfigPath), undefined, tsconfigPath);

  const packageRoot = findPackageRoot(path.dirname(tsconfigPath));
  const packageJsonPath = path.join(packageRoot, "package.json");
  const packageJson = JSON.parse(readFileSync(packageJsonPath, "utf8")) as ProjectInfo["packageJson"];
  let config = parseConfig(packageJson.toolgen, `${packageJsonPath} "toolgen"`);
  const configFile = path.join(packageRoot, "toolgen.config.json");
  if (existsSync(configFile)) {
    let fileConfig: unknown;
    try {
      fileConfig = JSON.parse(readFileSync(configFile, "utf8"));
    } catch (error) {
      throw new ConfigError(`${configFile}: not valid JSON (${(error as Error).message}).`);
    }
    config = { ...config, ...parseConfig(fileConfig, configFile) };
  }
  const options = parsed.options;
  const outDir = options.outDir ?? path.dirname(tsconfigPath);
  const rootDir = options.rootDir ?? path.join(path.dirname(tsconfigPath), "src");
  return {
    tsconfigPath,
    packageRoot,
    packageJsonPath,
    packageJson,
    config,
    compilerOptions: options,
    manifestPath: path.resolve(packageRoot, config.manifest ?? path.relative(packageRoot, path.join(outDir, "toolgen.manifest.json"))),
    registryModulePath: path.resolve(packageRoot, config.registryModule ?? path.relative(packageRoot, path.join(rootDir, "tools.generated.ts"))),
  };
}

/** Creates the TypeScript program through ts-morph. */
export function createProgram(info: ProjectInfo): ts.Program {
  const project = new Project({ tsConfigFilePath: info.tsconfigPath });
  return project.getProgram().compilerObject;
}

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new ConfigError(`No package.json above ${start}: toolgen writes the manifest reference into the package's package.json.`);
  }
}
