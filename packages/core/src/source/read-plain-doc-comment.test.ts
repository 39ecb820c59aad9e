import fc from "fast-check";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { readPlainDocComment } from "./read-plain-doc-comment.js";
import { readDoc } from "./read-jsdoc.js";

const tsm = ts as unknown as Parameters<typeof readDoc>[0];

/** The comment as TypeScript reads it, attached to a declaration of a file it parses with every comment. */
function parsedByTypescript(prefix: string, comment: string) {
  const file = ts.createSourceFile("/doc.ts", `${prefix}${comment}\nexport interface Documented {}\n`, ts.ScriptTarget.Latest, true);
  const declaration = file.statements.find(ts.isInterfaceDeclaration)!;
  const doc = readDoc(tsm, declaration);
  return { description: doc.description, tags: doc.tags.map((t) => ({ name: t.name, text: t.text, pos: t.node.getStart(), end: t.node.getEnd() })) };
}

function readPlainly(prefix: string, comment: string) {
  const text = `${prefix}${comment}\n`;
  return readPlainDocComment(text, prefix.length, prefix.length + comment.length);
}

const WORDS = ["Lists", "the", "items.", "a*b", "x{3}", "{ a: 1 }", "}", "100%", "e-mail", "*", "-", "été", "—", ""];
/** What TypeScript reads otherwise: tags inside a line, inline tags, quotes, other whitespace and line breaks. */
const SPICE = ["a@b", "@", "@x", "{@link Other}", "`code`", "\t", "\u00a0", "\u0085", "\u200b", "line\r", "\u2028"];
const TAG_NAMES = ["tool", "minimum", "pattern", "param", "deprecated", "readonly", "returns", "see", "type", "template", "alias", "foo-bar", "default"];

const word = fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...WORDS) }, { weight: 1, arbitrary: fc.constantFrom(...SPICE) });
const words = fc.array(word, { maxLength: 5 }).map((w) => w.join(" "));
const space = fc.constantFrom("", " ", "  ");
const tagLine = fc.tuple(fc.constantFrom(...TAG_NAMES), space, fc.constantFrom("", "request", "request.limit", "[n=3]", "{string} s", "request {string}", "- dash"), space, words).map(([name, a, first, b, rest]) => `@${name}${a}${first ? " " + first : ""}${b}${rest ? " " + rest : ""}`);
const line = fc.oneof({ weight: 3, arbitrary: words }, { weight: 2, arbitrary: tagLine }, { weight: 1, arbitrary: fc.constant("") });
const star = fc.constantFrom("* ", "* ", "* ", "*", "*  ", "");

/** Comments of the common shape with, now and then, one thing that TypeScript reads otherwise. */
const comment = fc.oneof(
  fc.tuple(space, fc.oneof(words, tagLine), space).map(([a, body, b]) => `/**${a}${body}${b}*/`),
  fc.tuple(fc.constantFrom(" ", "  ", "   "), fc.array(fc.tuple(star, line, fc.constantFrom("", " ")), { minLength: 1, maxLength: 6 }), fc.boolean(), fc.constantFrom("", "", " ", " First.", " @tool"), fc.constantFrom("", "", " Last. ", " @readOnly ")).map(
    ([indent, lines, skewed, first, last]) => `/**${first}\n${lines.map(([s, l, extra], i) => `${indent}${skewed && i === 1 ? " " : ""}${s}${l}${extra}`).join("\n")}\n${indent}${last ? "*" + last : ""}*/`,
  ),
);

describe("doc comments read without TypeScript's parser", () => {
  it("read exactly as TypeScript reads them, or not at all", () => {
    let read = 0;
    let declined = 0;
    fc.assert(
      fc.property(fc.constantFrom("", "  ", "const a = 1;\n"), comment, (prefix, text) => {
        const plain = readPlainly(prefix, text);
        if (!plain) {
          declined++;
          return;
        }
        read++;
        expect(plain).toEqual(parsedByTypescript(prefix, text));
      }),
      { numRuns: 3000 },
    );
    // Sensitive both ways: the common shape is read, and the generator reaches what is not.
    expect(read).toBeGreaterThan(600);
    expect(declined).toBeGreaterThan(600);
  });

  it("reads the comments of a typical tool and its request", () => {
    const tool = "/**\n * Lists customer records.\n *\n * @tool\n * @param request - What to list.\n * @readOnly\n */";
    expect(readPlainly("", tool)).toEqual(parsedByTypescript("", tool));
    expect(readPlainly("", tool)?.tags.map((t) => [t.name, t.text])).toEqual([["tool", ""], ["param", "request What to list."], ["readOnly", ""]]);
    const property = "/**\n   * Stock keeping unit.\n   * @pattern ^[A-Z]{3}-[0-9]{4}$\n   */";
    expect(readPlainly("  ", property)).toEqual(parsedByTypescript("  ", property));
    expect(readPlainly("  ", property)?.tags[0]?.text).toBe("^[A-Z]{3}-[0-9]{4}$");
    expect(readPlainly("", "/** @minimum  5   */")).toEqual({ description: "", tags: [{ name: "minimum", text: "5", pos: 4, end: 18 }] });
  });

  it("leaves to TypeScript what it reads otherwise", () => {
    for (const text of [
      "/**\n * See {@link Other}.\n */",
      "/**\n * Text\n * @param {string} name typed\n */",
      "/**\n * @returns the result\n */",
      "/**\n * @param name text\n *   continued\n */",
      "/** Text @inline */",
      "/**\n *  indented\n */",
      "/**\n * `@quoted`\n */",
      "/**\r\n * Windows\r\n */",
      "/** \u200bZero-width space first. */",
    ]) {
      expect(readPlainly("", text), text).toBeUndefined();
    }
  });
});
