import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { compile, copyFixture, toolgen, TOOLGEN_BIN } from "../../test-support/temp-project.js";

/** fixtures/conformance built as a user builds it (`toolgen build`, then `tsc`), in a temp folder. */
export function buildConformanceFixture(): { dir: string; cleanup: () => void } {
  const copy = copyFixture("conformance");
  const build = toolgen(["build"], copy.dir);
  if (build.status !== 0) throw new Error(build.stderr);
  compile(copy.dir);
  return copy;
}

/** `toolgen serve --http 0 …args` in `dir`, once it says where it listens. */
export async function serveHttp(dir: string, args: readonly string[] = []): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [TOOLGEN_BIN, "serve", "--http", "0", ...args], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  while (!/ at (http:\S+)/.test(stderr)) {
    if (child.exitCode !== null) throw new Error(`toolgen serve exited: ${stderr}`);
    await once(child.stderr!, "data");
  }
  return { child, url: / at (http:\S+)/.exec(stderr)![1]! };
}
