import { describe, expect, it } from "vitest";
import { isLoopback, runServe } from "./serve.js";

describe("toolgen serve --bind: which addresses are this machine's only (no warning about serving without auth)", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.1.2.3", true],
    ["localhost", true],
    ["::1", true],
    ["0.0.0.0", false],
    ["192.168.1.10", false],
    ["127.0.0.1.example.com", false],
    ["127.evil.example", false],
  ])("%s → %s", (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});

describe("toolgen serve --bind with an empty address", () => {
  it.each(["", " "])("%j is refused, not every interface (an unset variable in `--bind \"$ADDR\"`)", async (bind) => {
    await expect(runServe({ http: "0", bind }, new AbortController().signal)).rejects.toThrow(`--bind must be an address to listen on, such as 127.0.0.1; got ${JSON.stringify(bind)}.`);
  });
});
