import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../../test-support/temp-project.js";

/** `toolgen lint` and the lint config, as a user runs them (the rules themselves: fixtures/lint). */
let dir: string;
let cleanup: () => void;

beforeAll(() => {
  ({ dir, cleanup } = copyFixture("contract-project"));
  writeFileSync(path.join(dir, "src/notes.ts"), "/**\n * Sets a note.\n * @tool\n * @param id The order.\n */\nexport function setNote(id: string, note: string): string {\n  return id + note;\n}\n");
});

afterAll(() => cleanup?.());

describe("toolgen lint", () => {
  it("--json: every finding with its rule, code, place and entry; warnings exit 0", () => {
    const lint = toolgen(["lint", "--json"], dir);
    expect(lint.status).toBe(0);
    expect(JSON.parse(lint.stdout)).toEqual([
      {
        rule: "parameter-description-missing",
        code: "TG5002",
        severity: "warning",
        file: "src/notes.ts",
        line: 6,
        column: 37,
        entry: "set_note",
        message: "'note' of 'set_note' has no description; the model fills it from its name alone. Describe it with @param note <text>.",
      },
    ]);
  });

  it("a rule set to error fails lint and build, like tsc's errors; off silences it", () => {
    const config = path.join(dir, "toolgen.config.json");
    writeFileSync(config, JSON.stringify({ lint: { "parameter-description-missing": "error" } }));
    const lint = toolgen(["lint"], dir);
    expect(lint.status).toBe(1);
    expect(lint.stderr).toContain("src/notes.ts:6:37 - error TG5002 [parameter-description-missing]: 'note' of 'set_note' has no description");
    expect(toolgen(["build"], dir).status).toBe(1);
    writeFileSync(config, JSON.stringify({ lint: { "parameter-description-missing": "off" } }));
    expect(toolgen(["lint"], dir)).toMatchObject({ status: 0, stdout: "toolgen: no lint findings.\n" });
    writeFileSync(config, JSON.stringify({ lint: { "parameter-description-mising": "off" } }));
    expect(toolgen(["lint"], dir)).toMatchObject({ status: 2, stderr: expect.stringContaining('"lint": unknown rule "parameter-description-mising". Did you mean "parameter-description-missing"?') });
    writeFileSync(config, JSON.stringify({ lint: { providers: ["opnai"] } }));
    expect(toolgen(["lint"], dir)).toMatchObject({ status: 2, stderr: expect.stringContaining('"lint": "providers" names "opnai", which is no provider (known: openai, openai-strict,') });
  });
});
