import { existsSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeDirectory } from "./make-directory.js";

describe("makeDirectory", () => {
  const root = mkdtempSync(path.join(tmpdir(), "toolgen-mkdir-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("makes every missing folder, and leaves an existing one as it is", () => {
    const deep = path.join(root, "a", "b", "c");
    makeDirectory(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeDirectory(deep)).not.toThrow();
  });

  it("fails at once where a file stands in the way, or is where the folder should be, or a link leads nowhere", () => {
    writeFileSync(path.join(root, "file"), "");
    expect(() => makeDirectory(path.join(root, "file", "sub"))).toThrow(/ENOTDIR|EEXIST/);
    expect(() => makeDirectory(path.join(root, "file"))).toThrow(/EEXIST/);
    symlinkSync(path.join(root, "nowhere"), path.join(root, "dangling"));
    expect(() => makeDirectory(path.join(root, "dangling"))).toThrow(/ENOENT/);
  });

  it.runIf(existsSync("/proc/self"))("fails at once where the file system refuses a folder (procfs), where Node's recursive mkdir hangs", () => {
    expect(() => makeDirectory("/proc/toolgen-no-such/sub")).toThrow(/ENOENT/);
  });
});
