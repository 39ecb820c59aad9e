import { existsSync } from "node:fs";
import * as path from "node:path";
import { type Diagnostic } from "@toolgen/core";
import { ensureManifestReference, writePlan } from "@toolgen/transformer/project";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { parseConfig, type ToolgenConfig } from "../project/config.js";
import { loadProjectInfo, tsconfigFilesOf } from "../project/load-project.js";
import { planProjectBuild } from "./plan-build.js";

/** What `buildProject` did: the diagnostics (also as the text `toolgen build` prints) and the files it wrote. */
export interface ProjectBuild {
  ok: boolean;
  diagnostics: Diagnostic[];
  /** The diagnostics as `toolgen build` prints them (file:line:col, code frames), without colour; "" without any. */
  report: string;
  manifest: { path: string; content: string };
  registryModule: string;
  /** Where a split registry module's chunks go (they are generated files too). */
  chunkDirectory: string;
  entryCount: number;
  /**
   * What the build read and a watcher should watch: the program's source files (not the
   * modules toolgen generates, declaration files or installed packages), the tsconfig,
   * package.json and toolgen.config.json.
   */
  inputs: string[];
  /** The generated files this build changed: written (their content differed) or removed (a chunk no longer planned). */
  changed: string[];
}

/**
 * `toolgen build` as a function, for bundler plugins and scripts: analyzes the project of
 * `project` (a tsconfig or its folder, from `cwd`), and writes the manifest and the registry
 * module when there is no error — the same plan, the same bytes. `config` holds toolgen
 * config keys that win over the package's (as a transformer's plugin options do). A
 * configuration problem throws a `ConfigError` naming the file and field.
 */
export function buildProject(options: { project?: string; cwd?: string; config?: ToolgenConfig; configLabel?: string } = {}): ProjectBuild {
  const cwd = options.cwd ?? process.cwd();
  const configLabel = options.configLabel ?? "the build's options";
  const config = options.config ? parseConfig(options.config, configLabel) : {};
  const info = loadProjectInfo(options.project, cwd, undefined, config, configLabel);
  let sources: readonly string[] = [];
  const plan = planProjectBuild(info, (files) => (sources = files));
  const [manifest, registryModule] = plan.files;
  const generated = new Set(plan.files.map((file) => path.resolve(file.path)));
  const configFile = path.join(info.packageRoot, "toolgen.config.json");
  const ownSources = sources.map((file) => path.resolve(file)).filter((file) => !generated.has(file) && !file.split(path.sep).includes("node_modules"));
  const inputs = [...ownSources, ...tsconfigFilesOf(info), info.packageJsonPath, ...(existsSync(configFile) ? [configFile] : [])];
  const ok = !plan.diagnostics.some((d) => d.severity === "error");
  let changed: string[] = [];
  if (ok) {
    const { written, removed } = writePlan(plan);
    changed = [...written, ...removed].map((file) => path.resolve(file));
    ensureManifestReference(info);
  }
  const report = plan.diagnostics.length > 0 ? formatDiagnostics(plan.diagnostics, cwd, false) : "";
  return { ok, diagnostics: plan.diagnostics, report, manifest, registryModule: registryModule.path, chunkDirectory: plan.chunkDirectory, entryCount: plan.entryCount, inputs, changed };
}
