import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyFixture } from "../../../../test-support/temp-project.js";
import { createWatchPrograms, loadProjectInfo } from "./load-project.js";

describe("createWatchPrograms (the programs of a toolgen watch session)", () => {
  let dir: string;
  let cleanup: () => void;
  let session: ReturnType<typeof createWatchPrograms>;
  const file = (name: string) => path.join(dir, "src", name);
  const errors = (program: ReturnType<typeof session.next>) => [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()].map((d) => d.code);

  beforeEach(() => {
    ({ dir, cleanup } = copyFixture("transformer/tools"));
    session = createWatchPrograms(loadProjectInfo(path.join(dir, "tsconfig.json")));
  });
  afterEach(() => cleanup());

  it("keeps an unchanged file as parsed and bound, and reads a changed one again once told", () => {
    const first = session.next();
    const host = first.getSourceFile(file("host.ts"))!;
    writeFileSync(file("forecast.ts"), "export const changed = 1;\n");
    expect(session.next().getSourceFile(file("forecast.ts"))!.text).not.toContain("changed");
    session.invalidate([file("forecast.ts")]);
    const next = session.next();
    expect(next.getSourceFile(file("forecast.ts"))!.text).toBe("export const changed = 1;\n");
    expect(next.getSourceFile(file("host.ts"))).toBe(host);
  });

  it("takes in a new file the tsconfig's include selects", () => {
    session.next();
    writeFileSync(file("added.ts"), "export const added = 1;\n");
    session.invalidate([file("added.ts")]);
    expect(session.next().getSourceFile(file("added.ts"))).toBeDefined();
  });

  it("takes in a new file only an unchanged file imports, and lets it go when it goes", () => {
    // src/lib/ is outside the include: only the import brings its file in.
    const tsconfig = path.join(dir, "tsconfig.json");
    writeFileSync(tsconfig, readFileSync(tsconfig, "utf8").replace('"include": ["src"]', '"include": ["src/*.ts"]'));
    writeFileSync(file("uses-later.ts"), 'import { later } from "./lib/later.js";\nexport const value: number = later;\n');
    session = createWatchPrograms(loadProjectInfo(tsconfig));
    expect(errors(session.next())).toContain(2307); // ./lib/later.js does not exist yet
    mkdirSync(path.join(dir, "src/lib"));
    writeFileSync(file("lib/later.ts"), "export const later = 1;\n");
    session.invalidate([file("lib/later.ts")]);
    const program = session.next();
    expect(program.getSourceFile(file("lib/later.ts"))).toBeDefined();
    expect(errors(program)).toEqual([]);
    rmSync(file("lib/later.ts"));
    session.invalidate([file("lib/later.ts")]);
    expect(errors(session.next())).toContain(2307);
  });
});
