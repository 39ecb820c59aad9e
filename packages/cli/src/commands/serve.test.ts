import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../../test-support/temp-project.js";

/** Mistakes in calling `toolgen serve` (serving itself is tested in packages/mcp). */
describe("toolgen serve, called wrongly", () => {
  let dir: string;
  let cleanup: () => void;

  beforeAll(() => ({ dir, cleanup } = copyFixture("mcp")));
  afterAll(() => cleanup());

  it("refuses a port that is not a number, before loading anything", () => {
    const run = toolgen(["serve", "--http", "eighty"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("toolgen: --http must be a port number from 0 to 65535; got 'eighty'.\n");
  });

  it("says to build first when there is no built manifest, without a stack trace", () => {
    const run = toolgen(["serve", "-p", "tsconfig.json"], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^toolgen: dist\/toolgen\.manifest\.json does not exist: run 'toolgen build' and compile the project first\.\n$/);
    expect(run.stdout).toBe("");
  });
});
