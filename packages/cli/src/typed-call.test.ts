import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compile, copyFixture, toolgen } from "../../../test-support/temp-project.js";

/**
 * `registry.call` is typed with the arguments the runtime accepts: for tools whose types carry
 * `@alias`, the model's names, at every level. `fixtures/typed-call/src/calls.ts` holds calls
 * written both ways; `tsc` compiling it is the type test (each call with the TypeScript names
 * is marked `@ts-expect-error`, so a type that let one through fails the compile), and the
 * accepted calls are then run.
 */
describe("typed registry.call with @alias names and defaults", () => {
  let dir: string;
  let cleanup: () => void;

  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("typed-call"));
    const build = toolgen(["build", "-p", "tsconfig.json"], dir);
    expect(build.stderr).toBe("");
    expect(build.status).toBe(0);
  });
  afterAll(() => cleanup());

  it("accepts the model's names and rejects the TypeScript names, at the top level and inside objects, arrays, records and tuples; a request's defaulted properties may be left out", () => {
    expect(() => compile(dir)).not.toThrow();
  });

  it("an error's payload, narrowed by its code, is what the runtime puts there", async () => {
    const { payloads } = (await import(pathToFileURL(path.join(dir, "dist/calls.js")).href)) as { payloads: () => Promise<unknown[]> };
    expect(await payloads()).toEqual(["/b", "/a"]); // b missing, then a of the wrong type
  });

  it("the calls the types accept are the calls the runtime accepts", async () => {
    const { acceptedCalls } = (await import(pathToFileURL(path.join(dir, "dist/calls.js")).href)) as { acceptedCalls: () => Promise<unknown>[] };
    expect(await Promise.all(acceptedCalls())).toEqual([
      { status: "ok", text: "hello A math field=engines" },
      { status: "ok", text: "hello Grace" },
      { status: "ok", text: "4,5 here:2" },
      { status: "ok", text: "3" },
      { status: "ok", text: "notes on types, at most 10" },
      { status: "ok", text: "inbox: 0 notes" },
      { status: "ok", text: "hi" },
      { status: "ok", text: "locked 7" },
      { status: "ok", text: "a b c@2026" },
      { status: "ok", text: "inbox by 10" },
      { status: "ok", text: "inbox by 5" },
      { status: "ok", text: "title asc" },
      { status: "ok", text: "title desc" },
      { status: "ok", text: "everywhere" },
      { status: "ok", text: "42" },
      { status: "ok", text: "2" },
      { status: "ok", text: "draft by nobody" },
    ]);
  });
});
