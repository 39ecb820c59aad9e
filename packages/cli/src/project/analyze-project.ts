import { realpathSync } from "node:fs";
import * as path from "node:path";
import type { Diagnostic } from "@toolgen/core";
import { ManifestError, passesFilters, type ManifestEntry } from "@toolgen/runtime";
import { discoverManifests, DiscoveryError, resolveDuplicates, type DiscoveredManifest } from "@toolgen/runtime/discovery";
import { ConfigError } from "@toolgen/transformer/project";
import { analyzeForBuild, type ProjectInfo } from "@toolgen/transformer/project";
import { withProjectCompilerDiagnostics } from "../build/compiler-diagnostics.js";
import { createProgram, loadProjectInfo, typescriptOf } from "./load-project.js";
import { locateConfiguredPackage } from "./locate-built-package.js";

type SharedTs = Parameters<typeof analyzeForBuild>[0];
type SharedProgram = Parameters<typeof analyzeForBuild>[2];

/** What the dependencies' entries are read against: the application's package, its configuration and manifest (none for an application of no tools of its own). */
export type ApplicationPackage = Pick<ProjectInfo, "packageRoot" | "packageJson" | "config"> & { manifestPath: string | undefined };

/**
 * The entries `list` and `inspect` show beside the dependencies': the current sources', or
 * none for an application of no tools of its own (no tsconfig, no manifest), which `call` and
 * `serve` serve its dependencies' tools for.
 */
export function analyzeApplication(project: string | undefined): { entries: ManifestEntry[]; diagnostics: Diagnostic[]; info: ApplicationPackage } {
  const configured = locateConfiguredPackage(project);
  if (configured && configured.manifestPath === undefined) return { entries: [], diagnostics: [], info: configured };
  return analyzeProject(project);
}

/**
 * The entries of the current sources: the same analysis as a build, without rendering the
 * registry module (its validators are most of a build's time).
 */
export function analyzeProject(project: string | undefined): { entries: ManifestEntry[]; diagnostics: Diagnostic[]; info: ProjectInfo } {
  const info = loadProjectInfo(project);
  const tsm = typescriptOf(info);
  const program = createProgram(info);
  const result = analyzeForBuild(tsm as unknown as SharedTs, info, program as unknown as SharedProgram);
  // What tsc refuses before a type check (syntax, the tsconfig) fails these commands as it fails a build.
  const { diagnostics } = withProjectCompilerDiagnostics(tsm, info, program, result);
  return { entries: result.manifest.entries, diagnostics, info };
}

/**
 * The entries of the installed dependencies' manifests (dependency order), then the
 * application's `own` (from its sources): a name two packages provide, among the entries a
 * registry declaring `hosts` registers, is resolved by the configuration's `overrides` exactly
 * as `toolgen call` and `serve` resolve it — or the same error. `packageOf` names the
 * dependency an entry comes from (undefined for the application's); `dependencies` are the
 * manifests discovered.
 */
export function withDependencyEntries(info: ApplicationPackage, own: readonly ManifestEntry[], hosts: readonly string[] = []): DependencyEntries {
  try {
    return dependencyEntries(info, own, hosts);
  } catch (error) {
    // As `toolgen call` says them: a configuration error, one line, exit 2.
    if (error instanceof ManifestError || error instanceof DiscoveryError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * An entry as `--json` prints it: a dependency's with `from`, its package and version (the
 * FROM column), since its `implementation.module` reads like one of the application's.
 */
export function withOrigin(entry: ManifestEntry, packageOf: (entry: ManifestEntry) => string | undefined): ManifestEntry | (ManifestEntry & { from: string }) {
  const from = packageOf(entry);
  return from === undefined ? entry : { ...entry, from };
}

interface DependencyEntries {
  entries: ManifestEntry[];
  dependencies: DiscoveredManifest[];
  packageOf: (entry: ManifestEntry) => string | undefined;
}

function dependencyEntries(info: ApplicationPackage, own: readonly ManifestEntry[], hosts: readonly string[]): DependencyEntries {
  const dependencies = discoverManifests(info.packageRoot, { dependenciesOnly: true, displayFrom: process.cwd() });
  const name = info.packageJson.name ?? path.basename(info.packageRoot);
  const application: DiscoveredManifest | undefined = info.manifestPath === undefined ? undefined : {
    packageName: name,
    ...(info.packageJson.version ? { packageVersion: info.packageJson.version } : {}),
    packageRoot: realpathSync(info.packageRoot),
    isApplication: true,
    manifestPath: info.manifestPath,
    displayPath: "its sources",
    formatVersion: 2,
    manifest: { formatVersion: 2, package: { name }, entries: [...own] },
  };
  // What a registry declaring these hosts registers, and so what may collide there.
  const all = [...dependencies, ...(application ? [application] : [])].flatMap((from) => from.manifest.entries.map((entry) => ({ definition: { entry, origin: `${from.packageName} (${from.displayPath})` }, from })));
  const providers = new Map<string, DiscoveredManifest[]>();
  for (const { definition, from } of all) providers.set(definition.entry.name, [...(providers.get(definition.entry.name) ?? []), from]);
  const passing: typeof all = [];
  const leftOutByHosts = new Set<ManifestEntry>();
  for (const item of all) {
    if (passesFilters(item.definition.entry, { hosts: [...hosts] })) passing.push(item);
    else leftOutByHosts.add(item.definition.entry);
  }
  const kept = new Set(resolveDuplicates(passing, info.config.overrides ?? {}, providers).map((d) => d.entry));
  // Entries the hosts leave out are listed too (`inspect --provider` says why a provider does
  // not get them), each name once: the hosts only decide which of two entries of a name is meant.
  const keptNames = new Set([...kept].map((entry) => entry.name));
  const listed = new Set<string>();
  const entries = all
    .map((item) => item.definition.entry)
    .filter((entry) => {
      const shown = kept.has(entry) || (leftOutByHosts.has(entry) && !keptNames.has(entry.name) && !listed.has(entry.name));
      if (shown) listed.add(entry.name);
      return shown;
    });
  // With its version: two versions of a package may both be installed.
  const packages = new Map(all.filter((item) => item.from !== application).map((item) => [item.definition.entry, item.from.packageVersion ? `${item.from.packageName}@${item.from.packageVersion}` : item.from.packageName]));
  return { entries, dependencies, packageOf: (entry) => packages.get(entry) };
}
