import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { Diagnostic } from "@toolgen/core";
import { afterAll, describe, expect, it } from "vitest";
import { formatDiagnostics } from "./print-diagnostics.js";

describe("formatDiagnostics", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-frames-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const at = (file: string, line: number): Diagnostic => ({ code: "TG2001", severity: "error", message: "a problem", file, start: 0, length: 1, line, column: 1 });

  it("shows a code frame around the place", () => {
    const file = path.join(dir, "short.ts");
    writeFileSync(file, "export const a = 1;\nexport const b = 2;\n");
    expect(formatDiagnostics([at(file, 2)], dir, false)).toContain("> 2 | export const b = 2;");
  });

  it("leaves the frame out when a line it would show is minified-long, instead of printing megabytes", () => {
    const file = path.join(dir, "long.ts");
    writeFileSync(file, `export const a = 1;\nexport const b = "${"x".repeat(100_000)}";\nexport const c = 3;\n`);
    const text = formatDiagnostics([at(file, 3)], dir, false);
    expect(text).toBe("long.ts:3:1 - error TG2001: a problem\nFound 1 error.");
  });
});
