import * as path from "node:path";
import { manifestReference, type ProjectInfo, readIfExists, shown, staleChunks } from "@toolgen/transformer/project";
import { planProjectBuild } from "../build/plan-build.js";
import { createProgress } from "../output/progress.js";
import { reportDiagnostics } from "../output/print-diagnostics.js";
import { compiledProblem } from "../project/compiled-problem.js";
import type { ApplicationPackage } from "../project/analyze-project.js";
import { dependencyProblem } from "../project/dependency-problem.js";
import { locateConfiguredPackage } from "../project/locate-built-package.js";
import { loadProjectInfo } from "../project/load-project.js";
import { leftOutOfPack } from "../project/manifest-published.js";
import { registryModuleOutsideProgram } from "../project/registry-module-included.js";
import { type ContractChange, diffManifests } from "@toolgen/core";
import type { Manifest } from "@toolgen/runtime";
import { discoverManifests } from "@toolgen/runtime/discovery";
import { formatDiff } from "../contract/format-diff.js";
import { diagnosticJson, printJson, relativePosix } from "../output/diagnostic-json.js";
import { ContractAnalysisError, otherPackageWarning, readContract } from "../contract/read-contract.js";
import { UsageError } from "./usage-error.js";
import { breakingVersion } from "../contract/breaking-version.js";

/** One reason `check` fails: a generated file missing, stale, extra or outside the program, the package.json reference missing, compiled output older than the build, a manifest left unpublished, dependencies that would not serve with it, or a breaking change. */
interface Problem {
  kind: "missing" | "stale" | "extra" | "outside" | "uncompiled" | "unpublished" | "dependencies" | "breaking";
  /** The file it is about, relative to where the command ran. */
  file?: string;
  message: string;
  /** For `breaking`: the breaking changes. */
  changes?: ContractChange[];
}

/**
 * The contract against an earlier version: its breaking changes are a problem unless the
 * package's version announces them (semantic versioning's promise to callers).
 */
function breakingAgainst(against: string, project: string | undefined, manifest: Manifest, print: boolean): Problem | undefined {
  let old;
  try {
    old = readContract(against, project);
  } catch (error) {
    if (error instanceof ContractAnalysisError) {
      process.stderr.write(`${error.report}\n`);
      throw new UsageError(`--against ${against}: ${error.message}`);
    }
    throw error;
  }
  const other = otherPackageWarning(old, { label: "the current sources", packageName: manifest.package.name });
  if (other && print) process.stderr.write(other);
  const diff = diffManifests(old.entries, manifest.entries);
  const version = breakingVersion(old, manifest.package.version);
  if (diff.bump !== "major" || version.announced) {
    // Passing, the summary line still counts every change.
    const why = diff.bump === "major" ? `; allowed: ${version.why}` : "";
    if (print) process.stderr.write(`${formatDiff(diff, old.label, "the current sources", { command: "toolgen check --against" }).split("\n")[0]}${why}\n`);
    return undefined;
  }
  if (print) process.stderr.write(formatDiff(diff, old.label, "the current sources", { command: "toolgen check --against", only: "breaking" }));
  const changes = diff.changes.filter((c) => c.severity === "breaking");
  const one = changes.length === 1;
  return { kind: "breaking", message: `${changes.length} breaking contract ${one ? "change" : "changes"} against ${old.label}, and ${version.why}, or undo ${one ? "it" : "them"}`, changes };
}

/**
 * `toolgen check`: exit 1 listing every generated file that is missing or stale (for CI); with
 * `--against <old>`, also on a breaking contract change the package's version does not
 * announce. `--json` prints `{ ok, problems, diagnostics, unbuilt }` instead.
 */
export async function runCheck(options: { project?: string; against?: string; json?: boolean }): Promise<number> {
  const json = options.json === true;
  // An application of no tools of its own (no tsconfig, no manifest), as `call` and `serve` take it: its dependencies are all there is to check.
  // One with no tools in its dependencies either is a package whose tsconfig is missing: that error, below.
  const gathering = locateConfiguredPackage(options.project);
  if (gathering && gathering.manifestPath === undefined && dependenciesShipTools(gathering.packageRoot)) {
    if (options.against !== undefined) throw new UsageError(`--against compares a package's own tools, and ${shown(path.join(gathering.packageRoot, "package.json"))} has none (no tsconfig.json, no manifest).`);
    return await checkDependenciesOnly(gathering, json);
  }
  const progress = createProgress();
  progress.phase("reading the project");
  const info = loadProjectInfo(options.project);
  const plan = planProjectBuild(info, () => progress.phase("analyzing"));
  progress.done();
  const diagnostics = () => plan.diagnostics.map((d) => diagnosticJson(d));
  if (json && plan.diagnostics.some((d) => d.severity === "error")) {
    printJson({ ok: false, problems: [], diagnostics: diagnostics(), unbuilt: [] });
    return 1;
  }
  if (!json && reportDiagnostics(plan.diagnostics)) return 1;
  const problems: Problem[] = [];
  if (options.against !== undefined) {
    const refused = breakingAgainst(options.against, options.project, JSON.parse(plan.files[0].content) as Manifest, !json);
    if (refused) problems.push(refused);
  }
  // The manifest in the compiler's outDir (the default) is a build output, which a fresh
  // checkout has not built yet: checked when it is there, not required. The registry module,
  // beside the sources, is always checked.
  const unbuilt: string[] = [];
  for (const file of plan.files) {
    const current = readIfExists(file.path);
    if (current === undefined && file === plan.files[0] && isInOutDir(info, file.path)) unbuilt.push(relativePosix(file.path));
    else if (current === undefined) problems.push({ kind: "missing", file: relativePosix(file.path), message: shown(file.path) });
    // A Windows checkout (`core.autocrlf`) has the committed files with CRLF: the same content.
    else if (current.replaceAll("\r\n", "\n") !== file.content) problems.push({ kind: "stale", file: relativePosix(file.path), message: shown(file.path) });
  }
  for (const file of staleChunks(plan)) problems.push({ kind: "extra", file: relativePosix(file), message: shown(file) });
  // A registry module tsc will not compile is a problem CI should catch, whoever wrote it.
  const outside = readIfExists(plan.files[1].path) !== undefined ? registryModuleOutsideProgram(info) : undefined;
  if (outside) problems.push({ kind: "outside", file: relativePosix(plan.files[1].path), message: outside });
  // Its compiled output, once the generated files are current: what `call` and `serve` (and, published, every application) load.
  const uncompiled = problems.length === 0 && unbuilt.length === 0 ? await compiledProblem(info) : undefined;
  if (uncompiled) problems.push({ kind: "uncompiled", file: relativePosix(info.packageJsonPath), message: uncompiled });
  const unpublished = leftOutOfPack(info, JSON.parse(plan.files[0].content) as Manifest);
  if (unpublished) problems.push({ kind: "unpublished", file: relativePosix(info.packageJsonPath), message: unpublished });
  // A fresh checkout's workspace dependencies are not built either: judged once this package is.
  const refusedWithDependencies = unbuilt.length === 0 ? await dependencyProblem(info, (JSON.parse(plan.files[0].content) as Manifest).entries) : undefined;
  if (refusedWithDependencies) problems.push({ kind: "dependencies", file: relativePosix(info.packageJsonPath), message: refusedWithDependencies });
  // Discovery finds the manifest through package.json; `build` adds the reference.
  if ((info.packageJson.toolgen as { manifest?: unknown } | undefined)?.manifest === undefined) {
    problems.push({ kind: "missing", file: relativePosix(info.packageJsonPath), message: `"toolgen": { "manifest": "${manifestReference(info)}" } in ${shown(info.packageJsonPath)}` });
  }
  if (json) {
    printJson({ ok: problems.length === 0, problems: problems.map(inWords), diagnostics: diagnostics(), unbuilt });
    return problems.length > 0 ? 1 : 0;
  }
  if (problems.length > 0) {
    const has = (...kinds: Problem["kind"][]) => problems.some((p) => kinds.includes(p.kind));
    const reasons = [
      ...(has("missing", "stale", "extra") ? ["generated files are out of date"] : []),
      ...(has("outside") ? ["tsc will not compile the registry module"] : []),
      ...(has("uncompiled") ? ["its compiled output does not match its build: compile the package again"] : []),
      ...(has("unpublished") ? ["the package would be published without what its tools need"] : []),
      ...(has("dependencies") ? ["its dependencies' tools would not load or serve safely with its own"] : []),
      ...(has("breaking") ? ["the contract breaks its callers"] : []),
    ];
    const why = `${reasons.join("; ")}; see above${has("missing", "stale", "extra") ? ", then run 'toolgen build'" : ""}.`;
    const line = (p: Problem) => `${`${p.kind}:`.padEnd(8)} ${p.message}${p.changes ? " (listed above)" : ""}`;
    process.stderr.write(`${problems.map(line).join("\n")}\ntoolgen: ${why}\n`);
    return 1;
  }
  const checked = plan.files.length - unbuilt.length;
  const notBuilt = unbuilt.length > 0 ? ` (not built yet, in the compiler's outDir: ${unbuilt.join(", ")})` : "";
  process.stdout.write(`toolgen: ${checked} generated file${checked === 1 ? " is" : "s are"} up to date${notBuilt}.\n`);
  return 0;
}

/** Whether an installed dependency ships a manifest (or one cannot be read: `check` says why). */
function dependenciesShipTools(packageRoot: string): boolean {
  try {
    return discoverManifests(packageRoot, { dependenciesOnly: true }).length > 0;
  } catch {
    return true;
  }
}

/** `check` of an application whose tools are all its dependencies': what `call` and `serve` would refuse of them. */
async function checkDependenciesOnly(application: ApplicationPackage, json: boolean): Promise<number> {
  const refused = await dependencyProblem(application, []);
  const problems: Problem[] = refused ? [{ kind: "dependencies", file: "package.json", message: refused }] : [];
  if (json) {
    printJson({ ok: problems.length === 0, problems: problems.map(inWords), diagnostics: [], unbuilt: [] });
    return problems.length > 0 ? 1 : 0;
  }
  if (refused) {
    process.stderr.write(`dependencies: ${refused}\ntoolgen: its dependencies' tools would not load or serve safely together; see above.\n`);
    return 1;
  }
  process.stdout.write("toolgen: no tools of its own (no tsconfig.json); its dependencies' tools load and serve together.\n");
  return 0;
}

/** A problem as `--json` gives it: its message a sentence, where the text output's line is its kind and the file. */
function inWords(p: Problem): Problem {
  const fix = "run 'toolgen build'";
  if (p.kind === "missing") return { ...p, message: `missing: ${p.message}; ${fix}` };
  if (p.kind === "stale") return { ...p, message: `out of date: ${p.message}; ${fix}` };
  if (p.kind === "extra") return { ...p, message: `a chunk no entry is in any more: ${p.message}; ${fix}, which deletes it` };
  return p;
}

/** Whether a file lies in the tsconfig's `outDir`, where the compiler writes its outputs. */
function isInOutDir(info: ProjectInfo, file: string): boolean {
  const outDir = info.compilerOptions.outDir;
  if (outDir === undefined) return false;
  const relative = path.relative(path.resolve(path.dirname(info.tsconfigPath), outDir), file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
