import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ensureManifestReference } from "./manifest-reference.js";
import type { ProjectInfo } from "./project-info.js";

describe("ensureManifestReference", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), "toolgen-reference-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("adds the reference to package.json as it is when written, keeping edits made since the build read it", () => {
    const packageJsonPath = path.join(dir, "package.json");
    const readAtStart = { name: "app", version: "1.0.0" };
    writeFileSync(packageJsonPath, JSON.stringify({ ...readAtStart, scripts: { start: "node ." } }, null, 4) + "\n");
    const info = { packageRoot: dir, packageJsonPath, packageJson: readAtStart, manifestPath: path.join(dir, "dist/toolgen.manifest.json") } as ProjectInfo;
    expect(ensureManifestReference(info)).toBe("./dist/toolgen.manifest.json");
    expect(readFileSync(packageJsonPath, "utf8")).toBe(JSON.stringify({ name: "app", version: "1.0.0", scripts: { start: "node ." }, toolgen: { manifest: "./dist/toolgen.manifest.json" } }, null, 4) + "\n");
  });

  it("keeps the file's indentation and line endings: CRLF, tabs, a blank line before the first key", () => {
    const packageJsonPath = path.join(dir, "package.json");
    writeFileSync(packageJsonPath, '{\r\n\r\n\t"name": "app",\r\n\t"version": "1.0.0"\r\n}\r\n');
    const info = { packageRoot: dir, packageJsonPath, packageJson: { name: "app", version: "1.0.0" }, manifestPath: path.join(dir, "dist/toolgen.manifest.json") } as ProjectInfo;
    ensureManifestReference(info);
    expect(readFileSync(packageJsonPath, "utf8")).toBe('{\r\n\t"name": "app",\r\n\t"version": "1.0.0",\r\n\t"toolgen": {\r\n\t\t"manifest": "./dist/toolgen.manifest.json"\r\n\t}\r\n}\r\n');
  });
});
