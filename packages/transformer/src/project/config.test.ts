import { readFileSync } from "node:fs";
import { NAMING_STYLES } from "@toolgen/core";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig, parsePluginOptions } from "./config.js";

describe("the one configuration schema", () => {
  it("accepts every documented key and a $schema reference", () => {
    const config = { $schema: "x", manifest: "./out/m.json", registryModule: "src/reg.generated.ts", naming: "kebab-case", strict: false, lazy: false, server: { name: "n" } };
    expect(parseConfig(config, "package.json")).toEqual({ manifest: "./out/m.json", registryModule: "src/reg.generated.ts", naming: "kebab-case", strict: false, lazy: false, server: { name: "n" } });
  });

  it("names the source and the key of an unknown or invalid value", () => {
    expect(() => parseConfig({ nameing: "as-is" }, "toolgen.config.json")).toThrow(new ConfigError('toolgen.config.json: unknown key "nameing"; did you mean "naming"? (known: manifest, registryModule, naming, strict, lazy, split, importEnding, server, overrides, lint).'));
    expect(() => parseConfig({ registryModule: "src/reg.js" }, "package.json")).toThrow(/^package\.json: "registryModule" must be a path to a \.ts file .*; got "src\/reg\.js"\.$/);
    // A declaration file compiles to nothing; a backslash is a separator on Windows only.
    expect(() => parseConfig({ registryModule: "src/reg.d.ts" }, "package.json")).toThrow(/"registryModule" must be a path to a \.ts file that is no declaration file/);
    expect(() => parseConfig({ manifest: "dist\\toolgen.manifest.json" }, "toolgen.config.json")).toThrow(`toolgen.config.json: "manifest" must be a path with '/' between folders, such as "./dist/toolgen.manifest.json"; got "dist\\\\toolgen.manifest.json".`);
    expect(() => parseConfig([], "package.json")).toThrow("package.json: the toolgen configuration must be an object.");
    expect(() => parseConfig({ toString: true }, "package.json")).toThrow('unknown key "toString"');
  });

  it("reads plugin options with the same schema, leaving ts-patch's own keys to ts-patch", () => {
    expect(parsePluginOptions({ transform: "@toolgen/transformer", after: false, import: "default", naming: "camelCase" })).toEqual({ naming: "camelCase" });
    expect(() => parsePluginOptions({ transform: "@toolgen/transformer", lazy: "yes" })).toThrow(/compilerOptions\.plugins\[@toolgen\/transformer\]: "lazy" must be true or false; got "yes"\./);
  });
});

describe("toolgen.config.schema.json (for editors, via $schema) says what parseConfig checks", () => {
  const schema = JSON.parse(readFileSync(new URL("../../toolgen.config.schema.json", import.meta.url), "utf8"));
  const validate = new Ajv2020({ strict: false }).compile(schema);
  const samples: unknown[] = [
    {},
    { naming: "camelCase", strict: false, lazy: true },
    { split: true },
    { split: "yes" },
    { importEnding: "minimal" },
    { importEnding: "ts" },
    { naming: "Camel" },
    { registryModule: "src/r.generated.ts" },
    { registryModule: "src/r.js" },
    { registryModule: "src/r.d.ts" },
    { registryModule: "src/r.d.mts" },
    { registryModule: "src\\tools.generated.ts" },
    { registryModule: "src/tools#1.ts" },
    { manifest: "dist\\toolgen.manifest.json" },
    { manifest: "./dist/toolgen.manifest.json" },
    { manifest: "" },
    { server: { name: "x", version: "1" } },
    { server: { name: 1 } },
    { overrides: { search: "@acme/search-tools" } },
    { overrides: { search: "" } },
    { overrides: ["search"] },
    { extra: true },
    { lint: { "parameter-description-missing": "off", "similar-names": "error", providers: ["openai"], maxTokens: 4000 } },
    { lint: { "parameter-description-missing": "never" } },
    { lint: { "no-such-rule": "warn" } },
    { lint: { maxTokens: 0 } },
    { lint: { providers: ["opnai"] } },
    { server: { sessions: { pollAfterMs: 100, retryMs: 50 } } },
    { server: { sessions: { keepAlive: true } } },
    { $schema: "./node_modules/@toolgen/transformer/toolgen.config.schema.json" },
  ];

  it("names the same keys and naming styles", () => {
    expect(Object.keys(schema.properties).filter((k) => k !== "$schema")).toEqual(["manifest", "registryModule", "naming", "strict", "lazy", "split", "importEnding", "server", "overrides", "lint"]);
    expect(schema.properties.naming.enum).toEqual([...NAMING_STYLES]);
  });

  it.each(samples.map((s) => [JSON.stringify(s), s]))("agrees on %s", (_, sample) => {
    let accepted = true;
    try {
      parseConfig(sample, "test");
    } catch {
      accepted = false;
    }
    expect(validate(sample)).toBe(accepted);
  });
});
