import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { REPO_ROOT } from "./temp-project.js";

/**
 * A copy of a fixture in a fresh temp folder whose `@toolgen/*` packages are the packed
 * tarballs (`npm pack`), unpacked as npm installs them — only the files a user gets, resolved
 * through their `exports` — and whose other dependencies are the repository's own, linked.
 */
export function packedProject(fixture: string, packages: readonly string[]): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), `toolgen-packed-${fixture}-`));
  cpSync(path.join(REPO_ROOT, "fixtures", fixture), dir, { recursive: true, filter: (source) => !/[\\/](dist|node_modules)([\\/]|$)|tools\.generated\.ts$/.test(source) });
  const modules = path.join(dir, "node_modules");
  mkdirSync(path.join(modules, "@toolgen"), { recursive: true });
  for (const entry of readdirSync(path.join(REPO_ROOT, "node_modules"))) {
    if (entry !== "@toolgen" && entry !== ".bin") symlinkSync(path.join(REPO_ROOT, "node_modules", entry), path.join(modules, entry), "junction");
  }
  const packs = path.join(dir, ".packs");
  mkdirSync(packs);
  for (const name of packages) {
    const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", packs], { cwd: path.join(REPO_ROOT, "packages", name), encoding: "utf8" }).trim().split("\n").pop()!;
    const target = path.join(modules, "@toolgen", name);
    mkdirSync(target);
    execFileSync("tar", ["-xzf", path.join(packs, tarball), "--strip-components=1", "-C", target]);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
