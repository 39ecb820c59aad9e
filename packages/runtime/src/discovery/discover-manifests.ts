import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import * as path from "node:path";
import { isRecord } from "../manifest/check-manifest.js";
import { describeJson, ManifestError, type ManifestProblem } from "../manifest/manifest-error.js";
import type { Manifest } from "../manifest/manifest-format.js";
import { readManifestLazily } from "../manifest/read-manifest.js";
import { DiscoveryError } from "./discovery-error.js";
import { readFileStart } from "./read-file-start.js";
import { resolvePackageDir, unloadedPnpFile } from "./resolve-package.js";

export interface DiscoveryOptions {
  /**
   * The application's own manifest, when it is not the one its `package.json` names (for
   * example a `toolgen.config.json` setting). Relative to the root.
   */
  rootManifest?: string;
  /** Leave the application's own manifest unread (its entries come from elsewhere: `toolgen list` reads the sources). */
  dependenciesOnly?: boolean;
  /** The folder the paths in messages are relative to (a CLI's working directory); default the root. */
  displayFrom?: string;
}

/** One package's manifest, found and checked. */
export interface DiscoveredManifest {
  packageName: string;
  /** The application's own manifest (the root's), not a dependency's. */
  isApplication?: boolean;
  /** The package.json `version`, when it has one: what tells two installed copies apart. */
  packageVersion?: string;
  /** Absolute, symlinks resolved. */
  packageRoot: string;
  /** Absolute. */
  manifestPath: string;
  /** The manifest's path relative to the application root, POSIX separators: what messages show. */
  displayPath: string;
  /** The format the file was written in (format 1 is upgraded on reading). */
  formatVersion: 1 | 2;
  manifest: Manifest;
}

/** Dependency kinds followed, in this order. `devDependencies` are not part of a running application. */
const DEPENDENCY_FIELDS = ["dependencies", "optionalDependencies", "peerDependencies"] as const;

/**
 * The `ServiceLoader` of toolgen: from an application root, the manifests named by the
 * `toolgen.manifest` field of its `package.json` and of every package it depends on,
 * resolved as Node resolves packages. Dependency order: a package comes after everything it
 * depends on (depth first, in the order each `package.json` lists them), the application
 * last; each package once. Reads files only — nothing is imported here.
 *
 * Every problem is raised here, before any call: a missing required dependency, a
 * manifest that is missing, malformed or of an unsupported format.
 */
export function discoverManifests(root: string, options: DiscoveryOptions = {}): DiscoveredManifest[] {
  const rootDir = realRoot(root);
  const found: DiscoveredManifest[] = [];
  const visited = new Set<string>();
  const displayFrom = options.displayFrom === undefined ? rootDir : realRoot(options.displayFrom);
  const display = (file: string) => path.relative(displayFrom, file).split(path.sep).join("/") || ".";

  const visit = (dir: string, isRoot: boolean) => {
    if (visited.has(dir)) return;
    visited.add(dir);
    const packageJsonPath = path.join(dir, "package.json");
    // The root's named in full: which folder discovery started from is the question then.
    const pkg = readPackageJson(packageJsonPath, isRoot ? packageJsonPath : display(packageJsonPath));
    for (const field of DEPENDENCY_FIELDS) {
      const deps = pkg[field];
      if (!isRecord(deps)) continue;
      for (const name of Object.keys(deps)) {
        const depDir = resolvePackageDir(name, dir);
        if (depDir) visit(depDir, false);
        else if (field === "dependencies") {
          const pnp = unloadedPnpFile(dir);
          const remedy = pnp ? `; ${display(pnp)} says Yarn's Plug'n'Play installed it: start toolgen through yarn ('yarn toolgen …', 'yarn node app.js'), which loads it` : "; run npm install";
          throw new DiscoveryError(`${display(packageJsonPath)}: $.dependencies["${name}"] is not installed (no node_modules/${name} from ${display(dir)} upwards)${remedy}.`);
        }
      }
    }
    if (isRoot && options.dependenciesOnly) return;
    const manifestPath = manifestOf(dir, pkg, packageJsonPath, isRoot ? options.rootManifest : undefined, display, isRoot);
    if (manifestPath === undefined) return;
    const { manifest, formatVersion } = readManifestLazily(readFileStart(manifestPath, 64 * 1024), () => readFileSync(manifestPath, "utf8"), display(manifestPath));
    found.push({
      packageName: typeof pkg.name === "string" ? pkg.name : manifest.package.name,
      ...(isRoot ? { isApplication: true } : {}),
      ...(typeof pkg.version === "string" ? { packageVersion: pkg.version } : {}),
      packageRoot: dir,
      manifestPath,
      displayPath: display(manifestPath),
      formatVersion,
      manifest,
    });
  };
  visit(rootDir, true);
  return found;
}

/** The folder discovery starts from, as it really is; one that is not there is said so. */
function realRoot(root: string): string {
  try {
    return realpathSync(path.resolve(root));
  } catch {
    throw new DiscoveryError(`${path.resolve(root)}: no such folder; discovery starts from a folder holding a package.json.`);
  }
}

function readPackageJson(file: string, shown: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new DiscoveryError(`${shown}: cannot read it; discovery starts from a folder holding a package.json.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // A package.json, not a manifest: discovery reads every dependency's to find the manifests.
    throw new DiscoveryError(`${shown}: not valid JSON (${(error as Error).message}); discovery reads the package.json of the application and of every package it depends on.`);
  }
  if (!isRecord(value)) throw new DiscoveryError(`${shown}: expected a JSON object, found ${describeJson(value)}; discovery reads the package.json of the application and of every package it depends on.`);
  return value;
}

/** The manifest a package declares (`toolgen.manifest`), checked to exist; undefined when it declares none. */
function manifestOf(dir: string, pkg: Record<string, unknown>, packageJsonPath: string, override: string | undefined, display: (file: string) => string, isRoot: boolean): string | undefined {
  const shownPackageJson = display(packageJsonPath);
  let declared: unknown = override;
  let field = "the rootManifest option";
  if (declared === undefined) {
    if (pkg.toolgen === undefined) return undefined;
    if (!isRecord(pkg.toolgen)) throw packageJsonError(shownPackageJson, [{ path: "$.toolgen", expected: "an object", received: describeJson(pkg.toolgen) }]);
    declared = pkg.toolgen.manifest;
    if (declared === undefined) return undefined;
    field = "$.toolgen.manifest";
  }
  if (typeof declared !== "string" || declared.length === 0) throw packageJsonError(shownPackageJson, [{ path: field, expected: "a path to toolgen.manifest.json", received: describeJson(declared) }]);
  const manifestPath = path.resolve(dir, declared);
  // A dependency names a file of its own; the application's may be anywhere (an outDir of `../build`).
  // Said before whether it exists: a package published from its build folder (Nx) has no `../../dist` either.
  if (!isRoot && !isInside(dir, manifestPath)) {
    throw packageJsonError(shownPackageJson, [{ path: field, expected: "the path of a manifest file inside the package (tell its author)", received: `${JSON.stringify(declared)}, which is outside it` }]);
  }
  const stat = statSync(manifestPath, { throwIfNoEntry: false });
  if (!stat) {
    // An installed package was published without it; a workspace's or linked package is not built yet.
    const installed = !isRoot && dir.split(path.sep).includes("node_modules");
    const expected = installed ? "the path of the manifest it was published with (its \"files\" or .npmignore leave it out of the package: tell its author)" : "the path of a built manifest (run 'toolgen build' in that package)";
    throw packageJsonError(shownPackageJson, [{ path: field, expected, received: `${JSON.stringify(declared)}, which does not exist` }]);
  }
  if (!stat.isFile()) throw packageJsonError(shownPackageJson, [{ path: field, expected: "the path of a manifest file", received: `${JSON.stringify(declared)}, which is not a file` }]);
  return manifestPath;
}

/**
 * A package.json's `toolgen` field at fault: a `ManifestError` (its `file` and `problems`, as
 * for a manifest), told on one line as the field of a package.json it is, not as a manifest.
 */
function packageJsonError(file: string, [problem]: [ManifestProblem]): ManifestError {
  const error = new ManifestError(file, [problem]);
  const field = problem.path.startsWith("$.") ? problem.path.slice(2).split(".").map((key) => `"${key}"`).join(".") : problem.path;
  error.message = `${file}: ${field}: expected ${problem.expected}, received ${problem.received}`;
  return error;
}

/**
 * Whether `file` is inside the folder `dir`: by its path (a package names its own files), and,
 * when the file exists, by where both really are — a link inside the package may point out of it.
 */
export function isInside(dir: string, file: string): boolean {
  return isBelow(dir, file) && (!existsSync(file) || isBelow(realpathSync(dir), realpathSync(file)));
}

function isBelow(dir: string, file: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== "" && relative.split(path.sep)[0] !== ".." && !path.isAbsolute(relative);
}
