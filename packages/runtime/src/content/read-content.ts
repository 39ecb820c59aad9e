import { describeValue } from "../pipeline/validate-arguments.js";
import type { Content } from "./content.js";

/**
 * A value as content blocks, checked: one block or an array of them. Undefined when it is not,
 * with `problem` saying what is wrong where (the tool's result is its author's mistake, which
 * the outcome reports).
 */
export function readContent(value: unknown): { blocks: Content[] } | { problem: string } {
  const items = Array.isArray(value) ? value : [value];
  for (const [i, item] of items.entries()) {
    const problem = contentProblem(item);
    if (problem) return { problem: Array.isArray(value) ? `item [${i}] ${problem}` : problem };
  }
  return { blocks: items as Content[] };
}

/** The string fields each kind of block needs (`resource` is checked on its own). */
const NEEDS: Record<string, readonly string[]> = { text: ["text"], image: ["data", "mimeType"], audio: ["data", "mimeType"], resource_link: ["uri", "name"] };

/** What is wrong with one content block, or undefined. */
export function contentProblem(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null) return `is not a content block: received ${describeValue(item)}`;
  const block = item as Record<string, unknown>;
  if (block.type === "resource") {
    const r = block.resource as Record<string, unknown> | null | undefined;
    return typeof r?.uri === "string" && (typeof r.text === "string" || typeof r.blob === "string") ? undefined : "(type 'resource') needs 'resource' with a string 'uri' and 'text' or 'blob'";
  }
  const needs = typeof block.type === "string" && Object.hasOwn(NEEDS, block.type) ? NEEDS[block.type]! : undefined;
  if (!needs) return `has an unknown type ${JSON.stringify(block.type) ?? "undefined"} (expected text, image, audio, resource or resource_link)`;
  const missing = needs.filter((k) => typeof block[k] !== "string");
  return missing.length ? `(type '${String(block.type)}') needs the string ${missing.map((k) => `'${k}'`).join(", ")}` : undefined;
}

/** Content blocks as text, for hosts that take only text: texts as they are, the others described. */
export function contentText(blocks: readonly Content[]): string {
  return blocks.map((b) => (b.type === "text" ? b.text : b.type === "resource" && "text" in b.resource ? b.resource.text : `[${b.type}: ${"mimeType" in b ? b.mimeType : b.type === "resource" ? b.resource.uri : b.uri}]`)).join("\n\n");
}
