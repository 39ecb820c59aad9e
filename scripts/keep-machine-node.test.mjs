import { existsSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const REPO = path.resolve(fileURLToPath(import.meta.url), "../..");

describe("the Node.js that npm scripts run on", () => {
  it("is the machine's, not the conformance suite's Node.js 22 (whose bin npm would put first on PATH)", () => {
    expect(existsSync(path.join(REPO, "node_modules/.bin/node"))).toBe(false);
    expect(process.execPath).not.toContain("node-22");
  });
});
