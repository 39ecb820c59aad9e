import { describe, expect, it } from "vitest";
import { forTerminal } from "./terminal-text.js";

describe("text for a terminal", () => {
  it("escapes control characters and bidirectional overrides, and keeps newlines, tabs and other text", () => {
    expect(forTerminal("Adds \x1b[2J\x1b]0;pwned\x07 differently\r\u202eevil.\u0085")).toBe("Adds \\u{1b}[2J\\u{1b}]0;pwned\\u{7} differently\\u{d}\\u{202e}evil.\\u{85}");
    expect(forTerminal("Line one\n\tindented — é, 漢字, 🙂")).toBe("Line one\n\tindented — é, 漢字, 🙂");
  });
});
