import { readFileSync } from "node:fs";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, toolgen } from "../../../test-support/temp-project.js";

describe("the demo, end to end: toolgen build → tsc → toolgen call", () => {
  let dir: string;
  let cleanup: () => void;

  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("demo"));
    const build = toolgen(["build", "-p", "tsconfig.json"], dir);
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
    compile(dir);
  });
  afterAll(() => cleanup());

  it("writes the manifest next to the compiled output, referenced from package.json", () => {
    const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
    expect(pkg.toolgen.manifest).toBe("./dist/toolgen.manifest.json");
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8"));
    expect(manifest.formatVersion).toBe(2);
    expect(manifest.registryModule).toBe("dist/tools.generated.js");
    expect(manifest.entries.map((e: { name: string }) => e.name)).toEqual(["days_between", "search_notes", "convert_length", "convert_temperature"]);
    const convert = manifest.entries.find((e: { name: string }) => e.name === "convert_length");
    expect(convert.inputSchema).toEqual({
      type: "object",
      properties: {
        value: { description: "The length to convert.", type: "number" },
        from: { description: "The unit of `value`.", type: "string", enum: ["mm", "cm", "m", "km", "in", "ft", "mi"] },
        to: { description: "The unit to convert to.", type: "string", enum: ["mm", "cm", "m", "km", "in", "ft", "mi"] },
        precision: { description: "Decimal places in the result.", type: "number", default: 2 },
      },
      required: ["value", "from", "to"],
      additionalProperties: false,
    });
  });

  it("the compiled registry module holds the manifest's entries exactly (quotes, escapes and shared JSON included)", async () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8"));
    const source = readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8");
    expect(source).toContain("The note\\'s file name.");
    expect(source).not.toMatch(/"required"/); // spelled with an escape: see emitRegistryModule
    expect(source).toMatch(/^const formats = \{ "date-time": \$dateTime \};$/m); // the format checks its schemas name, and no other
    expect(source).not.toContain("@toolgen/runtime/validation"); // validators are compiled from the schemas at run time: no code for them
    const { registry } = (await import(pathToFileURL(path.join(dir, "dist/tools.generated.js")).href)) as { registry: { entries: unknown[] } };
    expect(registry.entries).toEqual(manifest.entries);
  });

  it("calls a positional tool and prints the outcome exactly", () => {
    const run = toolgen(["call", "convert_length", "--args", '{"value":5,"from":"km","to":"mi"}', "--json"], dir);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ status: "ok", text: "5 km = 3.11 mi" });
  });

  it("calls a request-style tool and returns structured content", () => {
    const run = toolgen(["call", "convert_temperature", "--args", '{"value":100,"from":"C","to":"F"}', "--json"], dir);
    expect(JSON.parse(run.stdout)).toEqual({ status: "ok", text: '{"value":212,"scale":"F"}', structured: { value: 212, scale: "F" } });
  });

  it("converts date-time strings to Date for the tool", () => {
    const run = toolgen(["call", "days_between", "--args", '{"start":"2026-01-01T00:00:00Z","end":"2026-03-01T00:00:00Z"}', "--json"], dir);
    expect(JSON.parse(run.stdout)).toEqual({ status: "ok", text: "59" });
  });

  it("answers invalid arguments with invalid_arguments naming every bad argument, and exits normally", () => {
    const run = toolgen(["call", "convert_length", "--args", '{"value":"abc","from":"kg"}', "--json"], dir);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    const outcome = JSON.parse(run.stdout);
    expect(outcome.status).toBe("error");
    expect(outcome.error.code).toBe("invalid_arguments");
    expect(outcome.error.payload.issues.map((i: { path: string }) => i.path).sort()).toEqual(["/from", "/to", "/value"]);
    expect(outcome.error.message).toContain('/from: expected one of "mm", "cm", "m", "km", "in", "ft", "mi", received the string "kg"');
  });

  it("suggests the closest names for an unknown tool", () => {
    const run = toolgen(["call", "convert_lenght", "--json"], dir);
    const outcome = JSON.parse(run.stdout);
    expect(outcome.error.code).toBe("unknown_tool");
    expect(outcome.error.payload.suggestions[0]).toBe("convert_length");
  });

  it("builds byte-identical output twice", () => {
    const before = readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8");
    const generated = readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8");
    expect(toolgen(["build"], dir).status).toBe(0);
    expect(readFileSync(path.join(dir, "dist/toolgen.manifest.json"), "utf8")).toBe(before);
    expect(readFileSync(path.join(dir, "src/tools.generated.ts"), "utf8")).toBe(generated);
  });
});

describe("toolgen --help and commands not built yet", () => {
  it("lists every command of the brief", () => {
    const run = toolgen(["--help"], process.cwd());
    expect(run.status).toBe(0);
    for (const command of ["build", "check", "watch", "list", "inspect", "call", "serve", "types"]) expect(run.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  });
});
