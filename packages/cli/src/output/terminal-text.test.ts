import { describe, expect, it } from "vitest";
import { displayWidth, forTerminal, padToWidth, truncateToWidth } from "./terminal-text.js";

describe("text for a terminal", () => {
  it("escapes control characters and bidirectional overrides, and keeps newlines, tabs and other text", () => {
    expect(forTerminal("Adds \x1b[2J\x1b]0;pwned\x07 differently\r\u202eevil.\u0085")).toBe("Adds \\u{1b}[2J\\u{1b}]0;pwned\\u{7} differently\\u{d}\\u{202e}evil.\\u{85}");
    expect(forTerminal("Line one\n\tindented — é, 漢字, 🙂")).toBe("Line one\n\tindented — é, 漢字, 🙂");
  });
});

describe("columns of text in a terminal", () => {
  it("counts wide characters and emoji as two columns, combining marks and zero-width characters as none", () => {
    expect(displayWidth("abc")).toBe(3);
    expect(displayWidth("日本")).toBe(4);
    expect(displayWidth("ｶﾀｶﾅ")).toBe(4);
    expect(displayWidth("한국어")).toBe(6);
    expect(displayWidth("e\u0301")).toBe(1);
    expect(displayWidth("a\u200bb")).toBe(2);
    expect(displayWidth("🙂 ok")).toBe(5);
    expect(displayWidth("— “é”")).toBe(5);
    // A grapheme at a time: a family joined of five code points, a heart asked for as an emoji.
    expect(displayWidth("👨\u200d👩\u200d👧 ❤\ufe0f")).toBe(5);
    expect(displayWidth("🇯🇵🇫🇷")).toBe(4);
  });

  it("pads and cuts by columns, never inside a character", () => {
    expect(padToWidth("日本", 6)).toBe("日本  ");
    expect(truncateToWidth("日本語のテキスト", 7)).toBe("日本語…");
    expect(truncateToWidth("🙂🙂🙂", 4)).toBe("🙂…");
    expect(truncateToWidth("ab👨\u200d👩\u200d👧cd", 4)).toBe("ab…");
    expect(truncateToWidth("short", 48)).toBe("short");
    // Only the start of a long text is read: a megabyte of description (whose segmenting whole took minutes) is cut at once.
    expect(truncateToWidth("日本語の説明。".repeat(150_000), 48)).toBe(`${"日本語の説明。".repeat(3)}日本…`);
  });
});
