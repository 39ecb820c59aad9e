import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "./config.js";
import { createProjectInfo, jsonErrorPlace } from "./project-info.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A package whose package.json names its manifest `./dist/toolgen.manifest.json`, with a toolgen.config.json if given. */
function project(configFile?: object): string {
  const dir = mkdtempSync(path.join(tmpdir(), "toolgen-project-info-"));
  made.push(dir);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "p", toolgen: { manifest: "./dist/toolgen.manifest.json" } }));
  if (configFile) writeFileSync(path.join(dir, "toolgen.config.json"), JSON.stringify(configFile));
  return dir;
}

describe("createProjectInfo: a manifest set elsewhere must be the one package.json names (other packages find it there)", () => {
  it("refuses one in toolgen.config.json or in the plugin's options that names another file", () => {
    const byFile = project({ manifest: "meta/tools.json" });
    expect(() => createProjectInfo(path.join(byFile, "tsconfig.json"), { outDir: path.join(byFile, "dist") })).toThrow(ConfigError);
    const byPlugin = project();
    const tsconfig = path.join(byPlugin, "tsconfig.json");
    expect(() => createProjectInfo(tsconfig, { outDir: path.join(byPlugin, "dist") }, { manifest: "meta/tools.json" })).toThrow(
      // Files named from where the command runs.
      new ConfigError(`${path.relative(process.cwd(), tsconfig)}: the toolgen plugin's "manifest" is "meta/tools.json", but ${path.relative(process.cwd(), path.join(byPlugin, "package.json"))} "toolgen"."manifest", which other packages read to find the manifest, is "./dist/toolgen.manifest.json"; make them the same, or set it in one place.`),
    );
  });

  it("a folder named toolgen.config.json is said of the file, as a configuration error", () => {
    const dir = project();
    mkdirSync(path.join(dir, "toolgen.config.json"));
    expect(() => createProjectInfo(path.join(dir, "tsconfig.json"), { outDir: path.join(dir, "dist") })).toThrow(new ConfigError(`cannot read ${path.relative(process.cwd(), path.join(dir, "toolgen.config.json"))}: it is a folder.`));
  });

  it("takes one that names the same file, however it is spelled", () => {
    const dir = project({ manifest: "dist/toolgen.manifest.json" });
    const info = createProjectInfo(path.join(dir, "tsconfig.json"), { outDir: path.join(dir, "dist") }, { manifest: "./dist/../dist/toolgen.manifest.json" });
    expect(info.manifestPath).toBe(path.join(dir, "dist/toolgen.manifest.json"));
  });
});

describe("jsonErrorPlace", () => {
  const placeOf = (text: string) => {
    try {
      JSON.parse(text);
    } catch (error) {
      return jsonErrorPlace(text, (error as Error).message);
    }
    throw new Error("parsed");
  };

  it.each([
    ['{\n  "a": 1,\n  "b": }', ":3:8"], // an unexpected token: V8 quotes the text but names no position
    ['{\n  "name": "x",\n  "b": tru\n}', ":3:11"], // a cut-short literal ends at the line break
    ["[1,2,]", ":1:6"],
    [`{"long": "${"x".repeat(60)}", "b": ]`, ":1:79"],
    ['{\n  "a": 1 "b"', ":2:10"], // a message with a position
    ['{\n  "naming":', ":2:12"], // cut short: the end of the text
  ])("places %j at %s", (text, place) => {
    expect(placeOf(text)).toBe(place);
  });

  it("names no place for a message that is not about the text", () => {
    expect(jsonErrorPlace("{}", "Maximum call stack size exceeded")).toBe("");
  });
});
