import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { describe, expect, it } from "vitest";
import { authField } from "./server-auth.js";

describe("authField", () => {
  it("names the file server.auth was read from: toolgen.config.json when it has a server section, else package.json's toolgen", () => {
    const root = mkdtempSync(path.join(tmpdir(), "toolgen-auth-field-"));
    try {
      const shown = (file: string) => path.relative(process.cwd(), path.join(root, file)).split(path.sep).join("/");
      expect(authField(root)("jwks")).toBe(`${shown("package.json")}: "toolgen"."server"."auth"."jwks"`);
      writeFileSync(path.join(root, "toolgen.config.json"), JSON.stringify({ naming: "snake" }));
      expect(authField(root)("jwks")).toBe(`${shown("package.json")}: "toolgen"."server"."auth"."jwks"`);
      writeFileSync(path.join(root, "toolgen.config.json"), JSON.stringify({ server: { auth: {} } }));
      expect(authField(root)("issuer")).toBe(`${shown("toolgen.config.json")}: "server"."auth"."issuer"`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
