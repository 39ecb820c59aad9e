import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../test-support/temp-project.js";

/**
 * What npm publishes of each package, as `npm pack --dry-run` lists it: the README and the
 * LICENSE a user sees on npm, and every file the package's `package.json` points a user to —
 * `main`, `types`, each `bin` and every target of `exports` (nested conditions included; a
 * `*` pattern must match at least one file). The packages must be built (`npm run build`).
 */
const PACKAGES = readdirSync(path.join(REPO_ROOT, "packages"))
  .filter((name) => existsSync(path.join(REPO_ROOT, "packages", name, "package.json")))
  .sort();

interface PackageJson {
  name: string;
  main?: string;
  types?: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
}

/** The tarball's file paths, relative to the package folder (`dist/index.js`). */
function packedFiles(dir: string): string[] {
  const stdout = execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const [report] = JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>;
  return report!.files.map((file) => file.path);
}

/** Every string an `exports` value leads to: a path, or the paths of its subpaths and (nested) conditions. */
function exportTargets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(exportTargets);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(exportTargets);
  return [];
}

/** The files `package.json` names, as paths relative to the package folder. */
function namedFiles(manifest: PackageJson): string[] {
  const bins = typeof manifest.bin === "string" ? [manifest.bin] : Object.values(manifest.bin ?? {});
  const named = [manifest.main, manifest.types, ...bins, ...exportTargets(manifest.exports)].filter((file): file is string => typeof file === "string");
  return [...new Set(named.map((file) => path.posix.normalize(file)))];
}

/** Whether the tarball has the file, or for a `*` pattern at least one file matching it. */
function isPacked(files: readonly string[], target: string): boolean {
  const star = target.indexOf("*");
  if (star === -1) return files.includes(target);
  const prefix = target.slice(0, star);
  const suffix = target.slice(target.lastIndexOf("*") + 1);
  return files.some((file) => file.startsWith(prefix) && file.endsWith(suffix) && file.length >= prefix.length + suffix.length);
}

describe("published package contents", () => {
  it("covers every workspace of the repository", () => {
    const { workspaces } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { workspaces: string[] };
    expect(PACKAGES).toEqual(workspaces.map((workspace) => path.basename(workspace)).sort());
  });

  it.each(PACKAGES)("packages/%s: a TypeScript 7 project can install it: no peer dependency on typescript stops below 7 (npm refuses an install beside an out-of-range peer, an optional one too)", (name) => {
    const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, "packages", name, "package.json"), "utf8")) as PackageJson & { peerDependencies?: Record<string, string> };
    const range = manifest.peerDependencies?.typescript;
    expect([manifest.name, range !== undefined && /<\s*[0-7](\.\d+)*(\s|$)/.test(range)]).toEqual([manifest.name, false]);
  });

  it.each(PACKAGES)("packages/%s: the tarball holds README.md, LICENSE, package.json and every file package.json names", (name) => {
    const dir = path.join(REPO_ROOT, "packages", name);
    const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as PackageJson;
    const files = packedFiles(dir);
    const expected = ["README.md", "LICENSE", "package.json", ...namedFiles(manifest)];
    const missing = [...new Set(expected)].filter((file) => !isPacked(files, file));
    // Naming the package and each missing file, so a failure says what to fix.
    expect([manifest.name, missing]).toEqual([manifest.name, []]);
  });
});
