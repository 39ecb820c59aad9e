import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, toolgen } from "../../../test-support/temp-project.js";
import { displayWidth } from "./output/terminal-text.js";

/** What `list` and `inspect` print for a person at a terminal. */
describe("list and inspect, as text", () => {
  let dir: string;
  let cleanup: () => void;

  beforeAll(() => {
    ({ dir, cleanup } = copyFixture("demo"));
    writeFileSync(
      path.join(dir, "src/records.ts"),
      `/**
 * Deletes a record \u001b[2J for good.\u202Eevil
 * @tool
 * @destructive
 * @tags admin, records
 * @scopes records:write
 * @supportedFor ide
 * @deprecated Use purge_record instead.
 * @param id The record's id.
 * @returns Whether it existed.
 */
export function deleteRecord(id: string): boolean {
  return id.length > 0;
}
`,
    );
    writeFileSync(
      path.join(dir, "src/distances.ts"),
      `/**
 * 二つの都市の距離を測る — “measures” the distance.
 * @tool
 * @param from The first city.
 * @param to The second city.
 */
export function measureDistance(from: string, to: string): number {
  return from.length + to.length;
}
`,
    );
  });
  afterAll(() => cleanup());

  it("inspect shows everything that defines an entry: deprecation, returns, hints, tags, scopes and hosts", () => {
    const inspect = toolgen(["inspect", "delete_record"], dir);
    expect(inspect.status).toBe(0);
    const lines = inspect.stdout.split("\n");
    expect(lines.slice(0, 4)).toEqual(["tool delete_record", "Deletes a record \\u{1b}[2J for good.\\u{202e}evil", "", "deprecated: Use purge_record instead."]);
    expect(lines).toContain("returns: Whether it existed.");
    expect(lines).toContain('hints: destructiveHint true');
    expect(lines).toContain("tags: admin, records");
    expect(lines).toContain("scopes: records:write");
    expect(lines).toContain("hosts: only ide");
  });

  it("list escapes control characters of descriptions, which would drive the terminal, and lines up wide characters", () => {
    const list = toolgen(["list"], dir);
    expect(list.status).toBe(0);
    expect(list.stdout).toMatch(/^delete_record +tool +Deletes a record \\u\{1b\}\[2J for good\.\\u\{202e\}evil/m);
    expect(list.stdout.includes("\u001b") || list.stdout.includes("\u202e")).toBe(false);
    // Each row in line, a description of wide characters too: the PARAMETERS column starts at the same column in every row.
    const rows = list.stdout.split("\n").filter((line) => /^\S+ +tool /.test(line));
    expect(rows.some((row) => row.startsWith("measure_distance"))).toBe(true);
    expect(new Set(rows.map((row) => displayWidth(row.slice(0, row.search(/ {2}\S+(, \S+)* +\d+ +~\d+/))))).size).toBe(1);
  });
});
