import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, REPO_ROOT, toolgen } from "../../test-support/temp-project.js";

/**
 * A Yarn 4 workspace installed with Plug'n'Play (no node_modules anywhere): an application
 * that depends on a tool library, both on the packed @toolgen/runtime. The library is built
 * with toolgen and compiled before the install, as a published one would be.
 */
const YARN = path.join(REPO_ROOT, "node_modules/@yarnpkg/cli-dist/bin/yarn.js");
let dir: string;

const json = (file: string, value: unknown) => writeFileSync(path.join(dir, file), JSON.stringify(value, null, 2));

function yarn(args: readonly string[], cwd: string) {
  // Offline: the only dependencies are the workspace and a tarball. Immutable installs are yarn's default on CI.
  const env = { ...process.env, YARN_ENABLE_IMMUTABLE_INSTALLS: "false", YARN_ENABLE_TELEMETRY: "false", YARN_ENABLE_GLOBAL_CACHE: "false", YARN_ENABLE_NETWORK: "false" };
  return spawnSync(process.execPath, [YARN, ...args], { cwd, encoding: "utf8", env, timeout: 120_000 });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "toolgen-yarn-pnp-"));
  const tarball = execFileSync("npm", ["pack", "--silent", "--pack-destination", dir], { cwd: path.join(REPO_ROOT, "packages/runtime"), encoding: "utf8" }).trim().split("\n").pop()!;
  const runtime = `file:${path.join(dir, tarball)}`;
  json("package.json", { name: "pnp-root", private: true, workspaces: ["lib", "app"] });
  writeFileSync(path.join(dir, ".yarnrc.yml"), "nodeLinker: pnp\n");
  mkdirSync(path.join(dir, "lib/src"), { recursive: true });
  mkdirSync(path.join(dir, "app"));
  json("lib/package.json", { name: "@pnp/lib", version: "1.0.0", type: "module", dependencies: { "@toolgen/runtime": runtime } });
  json("lib/tsconfig.json", { compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, rootDir: "src", outDir: "dist", skipLibCheck: true, types: [] }, include: ["src"] });
  writeFileSync(path.join(dir, "lib/src/tools.ts"), "/**\n * Doubles a number.\n * @tool\n * @param n The number to double.\n */\nexport function double(n: number): number {\n  return n * 2;\n}\n");
  // Built against the repository's packages (linked only for the build), then left to Yarn.
  execFileSync("ln", ["-s", path.join(REPO_ROOT, "node_modules"), path.join(dir, "lib/node_modules")]);
  expect(toolgen(["build", "-p", "tsconfig.json"], path.join(dir, "lib")).status).toBe(0);
  compile(path.join(dir, "lib"));
  rmSync(path.join(dir, "lib/node_modules"));
  json("app/package.json", { name: "@pnp/app", private: true, type: "module", dependencies: { "@pnp/lib": "workspace:*", "@toolgen/runtime": runtime } });
  writeFileSync(
    path.join(dir, "app/main.mjs"),
    'import { discoverRegistry } from "@toolgen/runtime/discovery";\nconst registry = await discoverRegistry(process.cwd());\nconsole.log(JSON.stringify(await registry.call("double", { n: 21 })));\n',
  );
  const install = yarn(["install"], dir);
  expect(install.status, install.stdout + install.stderr).toBe(0);
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("discovery under Yarn's Plug'n'Play", () => {
  it("finds a dependency's manifest through Yarn's resolver and calls its tool", () => {
    const run = yarn(["node", "main.mjs"], path.join(dir, "app"));
    expect([run.status, run.stdout.trim(), run.stderr]).toEqual([0, '{"status":"ok","text":"42"}', ""]);
  });

  it("started without Yarn's runtime, says why the dependency is not found and how to start", () => {
    const script = `import { discoverRegistry } from ${JSON.stringify(path.join(REPO_ROOT, "packages/runtime/dist/bundle/discovery.js"))};\ntry { await discoverRegistry(process.cwd()); } catch (error) { console.log(error.message); }`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: path.join(dir, "app"), encoding: "utf8" });
    expect(run.stdout.trim()).toBe(
      `package.json: $.dependencies["@pnp/lib"] is not installed (no node_modules/@pnp/lib from . upwards); ../.pnp.cjs says Yarn's Plug'n'Play installed it: start toolgen through yarn ('yarn toolgen …', 'yarn node app.js'), which loads it.`,
    );
  });
});
