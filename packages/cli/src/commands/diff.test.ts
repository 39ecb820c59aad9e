import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, REPO_ROOT, toolgen } from "../../../../test-support/temp-project.js";

/**
 * `toolgen diff` and `check --against` as a user runs them: fixtures/contract-project in a
 * temporary git repository, its tools at the commit as fixtures/contracts/arguments/old.ts and
 * edited to new.ts in the working tree; the classification itself is the contract goldens'.
 */
const CASE = path.join(REPO_ROOT, "fixtures/contracts/arguments");
const GOLDEN = JSON.parse(readFileSync(path.join(CASE, "expected.json"), "utf8")) as { bump: string; changes: unknown[] };
let dir: string;
let cleanup: () => void;
const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });

beforeAll(() => {
  ({ dir, cleanup } = copyFixture("contract-project"));
  writeFileSync(path.join(dir, ".gitignore"), "node_modules\ndist\n");
  git("init", "-q");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "--allow-empty", "-m", "empty");
  git("add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1");
  expect(toolgen(["build"], dir).status).toBe(0);
  copyFileSync(path.join(dir, "dist/toolgen.manifest.json"), path.join(dir, "v1.manifest.json"));
  copyFileSync(path.join(CASE, "new.ts"), path.join(dir, "src/tools.ts"));
}, 60_000);

afterAll(() => cleanup?.());

describe("toolgen diff", () => {
  it("git:<ref> against the current sources: the goldens' changes, exit 1 for breaking ones, the working tree untouched", () => {
    const before = git("status", "--porcelain");
    const json = toolgen(["diff", "git:HEAD", "--json"], dir);
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual(GOLDEN);
    const human = toolgen(["diff", "git:HEAD"], dir);
    expect(human.stdout.split("\n")[0]).toBe("toolgen diff git:HEAD → the current sources: 5 breaking, 4 compatible, 2 cosmetic (bump: major)");
    expect(human.stdout).toMatch(/\ntool order_shirt\n( {2}.*\n)* {2}breaking +\/input\/note +required-added: 'note' is required now: a value without it is rejected\n/);
    expect(git("status", "--porcelain")).toBe(before);
  });

  it("a manifest file and a package folder are sides too; the same version twice is no change, exit 0", () => {
    expect(JSON.parse(toolgen(["diff", "v1.manifest.json", "--json"], dir).stdout)).toEqual(GOLDEN);
    const same = toolgen(["diff", "v1.manifest.json", "git:HEAD", "--json"], dir);
    expect([same.status, JSON.parse(same.stdout)]).toEqual([0, { bump: "none", changes: [] }]);
    const folder = toolgen(["diff", ".", "v1.manifest.json"], dir);
    expect([folder.status, folder.stdout.split("\n")[0]]).toEqual([0, "toolgen diff dist/toolgen.manifest.json → v1.manifest.json: 0 breaking, 0 compatible, 0 cosmetic (bump: none)"]);
  });

  it("two different packages are compared with a warning saying so", () => {
    const v1 = JSON.parse(readFileSync(path.join(dir, "v1.manifest.json"), "utf8")) as { package: { name: string } };
    writeFileSync(path.join(dir, "other.manifest.json"), JSON.stringify({ ...v1, package: { ...v1.package, name: "some-other-package" } }));
    try {
      const other = toolgen(["diff", "other.manifest.json", "v1.manifest.json"], dir);
      expect([other.status, other.stderr]).toEqual([0, `toolgen: warning: other.manifest.json and v1.manifest.json are two different packages (some-other-package, ${v1.package.name}); they are compared all the same, as meant if the package was renamed.\n`]);
      expect(toolgen(["diff", "v1.manifest.json", "git:HEAD"], dir).stderr).toBe("");
      const docs = toolgen(["docs", "--against", "other.manifest.json", "-o", "other-docs"], dir);
      expect([docs.status, docs.stderr]).toEqual([0, `toolgen: warning: other.manifest.json and the current sources are two different packages (some-other-package, ${v1.package.name}); they are compared all the same, as meant if the package was renamed.\n`]);
    } finally {
      rmSync(path.join(dir, "other.manifest.json"));
      rmSync(path.join(dir, "other-docs"), { recursive: true, force: true });
    }
  });

  it("docs --against names the old side from the package, however it was given: the same bytes from anywhere", () => {
    const parent = path.dirname(dir);
    try {
      expect(toolgen(["docs", "--against", path.join(dir, "v1.manifest.json"), "-o", "a"], dir).status).toBe(0);
      expect(toolgen(["docs", "-p", path.basename(dir), "--against", `${path.basename(dir)}/v1.manifest.json`, "-o", `${path.basename(dir)}/b`], parent).status).toBe(0);
      const page = readFileSync(path.join(dir, "a/index.html"), "utf8");
      expect(page).toContain('"against":"v1.manifest.json"');
      expect(readFileSync(path.join(dir, "b/index.html"), "utf8")).toBe(page);
    } finally {
      rmSync(path.join(dir, "a"), { recursive: true, force: true });
      rmSync(path.join(dir, "b"), { recursive: true, force: true });
    }
  });

  it("a package tarball (npm pack's) is a side too: the manifest it was packed with", () => {
    const packing = mkdtempSync(path.join(tmpdir(), "toolgen-pack-"));
    try {
      const packageJson = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as Record<string, unknown>;
      writeFileSync(path.join(packing, "package.json"), JSON.stringify({ ...packageJson, private: false, files: ["dist"] }));
      cpSync(path.join(dir, "dist"), path.join(packing, "dist"), { recursive: true });
      execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: packing, encoding: "utf8" });
      const tarball = "toolgen-contract-fixture-1.4.0.tgz";
      expect(JSON.parse(toolgen(["diff", tarball, "--json"], dir).stdout)).toEqual(GOLDEN);
      const same = toolgen(["diff", tarball, "v1.manifest.json"], dir);
      expect([same.status, same.stdout.split("\n")[0]]).toEqual([0, `toolgen diff ${tarball}:package/dist/toolgen.manifest.json → v1.manifest.json: 0 breaking, 0 compatible, 0 cosmetic (bump: none)`]);
      // Packed without its manifest: said so.
      writeFileSync(path.join(packing, "package.json"), JSON.stringify({ ...packageJson, private: false, files: ["dist/*.js"] }));
      execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: packing, encoding: "utf8" });
      expect(toolgen(["diff", tarball], dir)).toMatchObject({ status: 2, stderr: `toolgen: ${tarball}:package/dist/toolgen.manifest.json: not in the tarball: the package was packed without its manifest (its "files" leave it out, or it was not built).\n` });
      // Not a tarball at all, or a damaged one: said so, not read as a manifest.
      writeFileSync(path.join(dir, "random.tgz"), Buffer.from([0x52, 0x66, 0x46, 0x00, 0xff, 0x4a]));
      expect(toolgen(["diff", "random.tgz"], dir)).toMatchObject({ status: 2, stderr: "toolgen: random.tgz: not a package tarball (not gzip-compressed, as npm pack writes one).\n" });
      writeFileSync(path.join(dir, "cut.tgz"), readFileSync(path.join(dir, tarball)).subarray(0, 100));
      expect(toolgen(["diff", "cut.tgz"], dir)).toMatchObject({ status: 2, stderr: "toolgen: cut.tgz: not a package tarball (unexpected end of file).\n" });
    } finally {
      rmSync(packing, { recursive: true, force: true });
    }
  }, 60_000);

  it("an unreadable side is exit 2, saying which and why", () => {
    expect(toolgen(["diff", "git:no-such-ref"], dir)).toMatchObject({ status: 2, stderr: "toolgen: git:no-such-ref: no commit 'no-such-ref' in " + dir + ".\n" });
    expect(toolgen(["diff", "missing.json"], dir)).toMatchObject({ status: 2, stderr: "toolgen: missing.json: no such file or folder (give a manifest, a package folder, a package tarball or git:<ref>).\n" });
    expect(toolgen(["diff", "package.json"], dir)).toMatchObject({ status: 2, stderr: 'toolgen: package.json is not a toolgen manifest (it has no "formatVersion"): give a manifest, a package folder whose package.json names one, a package tarball, or git:<ref>.\n' });
    writeFileSync(path.join(dir, "broken.json"), '{ "formatVersion": 2 }');
    expect(toolgen(["diff", "broken.json"], dir)).toMatchObject({ status: 2, stderr: expect.stringMatching(/^toolgen: broken\.json: invalid manifest \(2 problems\)\n/) });
    expect(toolgen(["diff", "git:HEAD~1"], dir)).toMatchObject({ status: 2, stderr: "toolgen: git:HEAD~1: tsconfig.json does not exist at that commit.\n" });
    // A folder with no tsconfig: that alone, before anything about the commit.
    mkdirSync(path.join(dir, "sub"), { recursive: true });
    expect(toolgen(["diff", "git:HEAD"], path.join(dir, "sub"))).toMatchObject({ status: 2, stderr: `toolgen: Cannot find tsconfig.json in ${path.join(dir, "sub")}; pass the project's tsconfig with -p <path>.\n` });
  });
});

describe("toolgen diff in a package of a monorepo", () => {
  it("git:<ref> reads the package at that commit, from its folder and with -p from the repository's root", () => {
    const repo = mkdtempSync(path.join(tmpdir(), "toolgen-monorepo-"));
    try {
      const pkg = path.join(repo, "packages/shop");
      cpSync(dir, pkg, { recursive: true, filter: (source) => !/[\\/](node_modules|dist|\.git)$/.test(source) });
      copyFileSync(path.join(CASE, "old.ts"), path.join(pkg, "src/tools.ts"));
      symlinkSync(path.join(dir, "node_modules"), path.join(pkg, "node_modules"), "junction");
      const inRepo = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
      writeFileSync(path.join(repo, ".gitignore"), "node_modules\ndist\n");
      inRepo("init", "-q");
      inRepo("add", ".");
      inRepo("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1");
      copyFileSync(path.join(CASE, "new.ts"), path.join(pkg, "src/tools.ts"));
      const fromPackage = toolgen(["diff", "git:HEAD", "--json"], pkg);
      expect([fromPackage.status, fromPackage.stderr]).toEqual([1, ""]);
      expect(JSON.parse(fromPackage.stdout)).toEqual(GOLDEN);
      const fromRoot = toolgen(["diff", "git:HEAD", "-p", "packages/shop", "--json"], repo);
      expect([fromRoot.status, JSON.parse(fromRoot.stdout)]).toEqual([1, GOLDEN]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 60_000);

  it("git:<ref> of a commit that holds a node_modules link (no .gitignore for it): the checkout's node_modules stands for it", () => {
    const repo = mkdtempSync(path.join(tmpdir(), "toolgen-committed-link-"));
    try {
      cpSync(dir, repo, { recursive: true, filter: (source) => !/[\\/](node_modules|dist|\.git)$/.test(source) });
      copyFileSync(path.join(CASE, "old.ts"), path.join(repo, "src/tools.ts"));
      // Relative, as one to a monorepo's node_modules is: in a copy of the commit elsewhere it leads nowhere.
      symlinkSync(path.relative(repo, path.join(dir, "node_modules")), path.join(repo, "node_modules"));
      const inRepo = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
      writeFileSync(path.join(repo, ".gitignore"), "dist\n");
      inRepo("init", "-q");
      inRepo("add", ".");
      inRepo("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1");
      expect(inRepo("ls-files", "node_modules")).toBe("node_modules\n");
      copyFileSync(path.join(CASE, "new.ts"), path.join(repo, "src/tools.ts"));
      const diff = toolgen(["diff", "git:HEAD", "--json"], repo);
      expect([diff.status, diff.stderr]).toEqual([1, ""]);
      expect(JSON.parse(diff.stdout)).toEqual(GOLDEN);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("toolgen diff of a package that imports a workspace sibling's types", () => {
  it("git:<ref> says that the sibling's types are the working tree's, read through node_modules", () => {
    const repo = mkdtempSync(path.join(tmpdir(), "toolgen-workspace-"));
    try {
      const pkg = path.join(repo, "packages/shop");
      cpSync(dir, pkg, { recursive: true, filter: (source) => !/[\\/](node_modules|dist|\.git)$/.test(source) });
      writeFileSync(path.join(pkg, "src/tools.ts"), 'import type { Currency } from "@mono/money";\n\n/**\n * Pays.\n * @tool\n * @param currency The currency.\n */\nexport function pay(currency: Currency): void {}\n');
      symlinkSync(path.join(dir, "node_modules"), path.join(pkg, "node_modules"), "junction");
      const money = path.join(repo, "packages/money");
      mkdirSync(money);
      writeFileSync(path.join(money, "package.json"), JSON.stringify({ name: "@mono/money", version: "1.0.0", type: "module", types: "./index.ts" }));
      writeFileSync(path.join(money, "index.ts"), 'export type Currency = "EUR" | "GBP";\n');
      // npm's workspace link, as `npm install` makes it at the root.
      mkdirSync(path.join(repo, "node_modules/@mono"), { recursive: true });
      symlinkSync(money, path.join(repo, "node_modules/@mono/money"), "junction");
      const inRepo = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
      writeFileSync(path.join(repo, ".gitignore"), "node_modules\ndist\n");
      inRepo("init", "-q");
      inRepo("add", ".");
      inRepo("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1");
      writeFileSync(path.join(money, "index.ts"), 'export type Currency = "EUR";\n');
      const diff = toolgen(["diff", "git:HEAD", "-p", "packages/shop"], repo);
      expect(diff.stderr).toContain("toolgen: warning: git:HEAD: the types of packages/money are the working tree's (read through node_modules), not that commit's: a change to them since is not compared.\n");
      // A package added since: every entry is new (compatible), not an unreadable side.
      cpSync(pkg, path.join(repo, "packages/added"), { recursive: true, verbatimSymlinks: true });
      const added = toolgen(["diff", "git:HEAD", "-p", "packages/added"], repo);
      expect(added.stderr).toBe("toolgen: git:HEAD: packages/added did not exist at that commit; every entry is new.\n");
      expect([added.status, added.stdout.split("\n")[0]]).toEqual([0, "toolgen diff git:HEAD → the current sources: 0 breaking, 1 compatible, 0 cosmetic (bump: minor)"]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("toolgen check --against", () => {
  it("fails on breaking changes while the major version stays, passes once it is raised", () => {
    expect(toolgen(["build"], dir).status).toBe(0);
    const refused = toolgen(["check", "--against", "git:HEAD"], dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("breaking: 5 breaking contract changes against git:HEAD, and the version is 1.4.0 and was 1.4.0 in git:HEAD; raise the major version to 2.0.0, or undo them (listed above)");
    expect(refused.stderr).toContain("toolgen: the contract breaks its callers; see above.");
    expect(refused.stderr).toContain("toolgen check --against git:HEAD → the current sources: 5 breaking, 4 compatible, 2 cosmetic (bump: major) (the breaking ones below)");
    expect(refused.stderr).not.toContain("compatible /input");
    const json = toolgen(["check", "--against", "git:HEAD", "--json"], dir);
    expect(json).toMatchObject({ status: 1, stderr: "" });
    const [problem, ...others] = (JSON.parse(json.stdout) as { problems: Array<{ kind: string; message: string; changes: Array<{ severity: string }> }> }).problems;
    expect(others).toEqual([]);
    expect(problem).toMatchObject({ kind: "breaking", message: "5 breaking contract changes against git:HEAD, and the version is 1.4.0 and was 1.4.0 in git:HEAD; raise the major version to 2.0.0, or undo them" });
    expect(problem!.changes.map((c) => c.severity)).toEqual(Array(5).fill("breaking"));
    const packageJson = path.join(dir, "package.json");
    const original = readFileSync(packageJson, "utf8");
    // A version gone down, or one that is no semantic version, is said as it is.
    for (const [version, said] of [["0.9.0", "the version is 0.9.0 and was 1.4.0 in git:HEAD; raise the major version to 2.0.0"], ["banana", 'package.json\'s version "banana" is no semantic version; give it 2.0.0 or above'], ["3.0", 'package.json\'s version "3.0" is no semantic version; give it 2.0.0 or above']]) {
      writeFileSync(packageJson, original.replace('"version": "1.4.0"', `"version": "${version}"`));
      expect(toolgen(["build"], dir).status).toBe(0);
      expect(toolgen(["check", "--against", "git:HEAD"], dir)).toMatchObject({ status: 1, stderr: expect.stringContaining(`and ${said}, or undo them`) });
    }
    // npm reads a leading v as it reads the version without it.
    writeFileSync(packageJson, original.replace('"version": "1.4.0"', '"version": "v2.0.0"'));
    expect(toolgen(["build"], dir).status).toBe(0);
    expect(toolgen(["check", "--against", "git:HEAD"], dir).status).toBe(0);
    writeFileSync(packageJson, original.replace('"version": "1.4.0"', '"version": "2.0.0"'));
    expect(toolgen(["build"], dir).status).toBe(0);
    expect(toolgen(["check", "--against", "git:HEAD"], dir)).toMatchObject({
      status: 0,
      stderr: "toolgen check --against git:HEAD → the current sources: 5 breaking, 4 compatible, 2 cosmetic (bump: major); allowed: the version went from 1.4.0 to 2.0.0\n",
    });
  });
});


describe("git:<ref> of a repository inside a folder that holds node_modules", () => {
  it("resolves the commit's imports from there, as the working tree's do", () => {
    const outer = mkdtempSync(path.join(tmpdir(), "toolgen-outer-"));
    try {
      symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(outer, "node_modules"), "junction");
      const repo = path.join(outer, "app");
      mkdirSync(path.join(repo, "src"), { recursive: true });
      writeFileSync(path.join(repo, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", type: "module" }));
      writeFileSync(path.join(repo, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2022", module: "NodeNext", moduleResolution: "NodeNext", strict: true, rootDir: "src", outDir: "dist", types: [] }, include: ["src"] }));
      const tools = (extra: string) => `import type { ToolContext } from "@toolgen/runtime";\n\n/**\n * Greets.\n * @tool\n * @param name Who.${extra ? "\n * @param loud Shout." : ""}\n */\nexport function greet(name: string, ${extra}context: ToolContext): string {\n  return name + String(context.signal.aborted);\n}\n`;
      writeFileSync(path.join(repo, "src/tools.ts"), tools(""));
      const inRepo = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" });
      inRepo("init", "-q");
      inRepo("add", ".");
      inRepo("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "v1");
      writeFileSync(path.join(repo, "src/tools.ts"), tools("loud?: boolean, "));
      const diff = toolgen(["diff", "git:HEAD"], repo);
      expect([diff.status, diff.stdout.split("\n")[0]]).toEqual([0, "toolgen diff git:HEAD → the current sources: 0 breaking, 1 compatible, 0 cosmetic (bump: minor)"]);
    } finally {
      rmSync(outer, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("git:<ref> sides as the commit holds them", () => {
  /** A commit beside HEAD (no branch moves, the working tree untouched) whose `src/tools.ts` is `source`. */
  const commitWith = (source: string): string => {
    const env = { ...process.env, GIT_INDEX_FILE: path.join(dir, ".git/toolgen-test-index") };
    const run = (args: string[], input?: string) => execFileSync("git", args, { cwd: dir, encoding: "utf8", env, ...(input !== undefined ? { input } : {}) }).trim();
    run(["read-tree", "HEAD"]);
    run(["update-index", "--add", "--cacheinfo", `100644,${run(["hash-object", "-w", "--stdin"], source)},src/tools.ts`]);
    return run(["-c", "user.name=t", "-c", "user.email=t@example.com", "commit-tree", run(["write-tree"]), "-p", "HEAD", "-m", "side"]);
  };

  it("a file marked export-ignore is read all the same: the side is the commit, not its archive", () => {
    writeFileSync(path.join(dir, ".gitattributes"), "src/tools.ts export-ignore\n");
    git("add", ".gitattributes");
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "attributes");
    const diff = toolgen(["diff", "git:HEAD", "--json"], dir);
    expect([diff.status, JSON.parse(diff.stdout)]).toEqual([1, GOLDEN]);
  });

  it("a commit whose sources have errors: its diagnostics at their paths in the repository, quoted, then exit 2", () => {
    const broken = commitWith("/**\n * Orders.\n * @tool\n */\nexport function order((request: string): string {\n  return request;\n}\n");
    for (const command of [["diff", `git:${broken}`], ["check", "--against", `git:${broken}`]]) {
      const result = toolgen(command, dir);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^src\/tools\.ts:5:23 - error TS1138: Parameter declaration expected\.\n\n[\s\S]*> 5 \| export function order\(\(request/m);
      expect(result.stderr).not.toContain("toolgen-diff-");
      expect(result.stderr).toContain(`errors in git:${broken} (files as at that commit, from the repository's root); see above.`);
    }
  });

  it("a package folder with a package.json that is not JSON, or naming a manifest not built: one line saying so", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "toolgen-side-"));
    try {
      writeFileSync(path.join(folder, "package.json"), "{bad");
      expect(toolgen(["diff", folder], dir)).toMatchObject({ status: 2, stderr: expect.stringMatching(new RegExp(`^toolgen: ${folder}/package\\.json:1:2: not valid JSON \\(.+\\)\\.\\n$`)) });
      writeFileSync(path.join(folder, "package.json"), '{ "toolgen": { "manifest": "./dist/m.json" } }');
      expect(toolgen(["diff", folder], dir)).toMatchObject({ status: 2, stderr: `toolgen: ${folder}/dist/m.json: no such file (build the package first?)\n` });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
