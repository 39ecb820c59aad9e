import { describe, expect, it } from "vitest";
import { shouldColor } from "./color.js";
import { createProgress } from "./progress.js";

describe("colour and progress go to terminals only", () => {
  it("colours a TTY, not a pipe; NO_COLOR always wins, FORCE_COLOR forces", () => {
    expect(shouldColor({ isTTY: true }, {})).toBe(true);
    expect(shouldColor({ isTTY: false }, { CI: "1" })).toBe(false);
    expect(shouldColor({ isTTY: true }, { NO_COLOR: "1" })).toBe(false);
    expect(shouldColor({ isTTY: true }, { TERM: "dumb" })).toBe(false);
    expect(shouldColor({ isTTY: false }, { FORCE_COLOR: "1" })).toBe(true);
    expect(shouldColor({ isTTY: false }, { FORCE_COLOR: "1", NO_COLOR: "1" })).toBe(false);
  });

  it("shows phases in place on a TTY and clears them; writes nothing to a pipe", () => {
    const out: string[] = [];
    const stream = (isTTY: boolean) => ({ isTTY, write: (s: string) => out.push(s) }) as unknown as NodeJS.WriteStream;
    const progress = createProgress(stream(true));
    progress.phase("analyzing 3 files");
    progress.done();
    const written = out.join("");
    expect(written.startsWith("\r\x1b[K")).toBe(true);
    expect(written).toContain("toolgen: analyzing 3 files…");
    expect(written.endsWith("\r\x1b[K")).toBe(true);
    out.length = 0;
    const piped = createProgress(stream(false));
    piped.phase("analyzing");
    piped.done();
    expect(out).toEqual([]);
  });
});
