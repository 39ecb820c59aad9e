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

/** What is wrong with one content block, or undefined. */
export function contentProblem(item: unknown): string | undefined {
  if (typeof item !== "object" || item === null) return `is not a content block: received ${describeValue(item)}`;
  const block = item as Record<string, unknown>;
  const needs = (...keys: string[]) => {
    const missing = keys.filter((k) => typeof block[k] !== "string");
    return missing.length ? `(type '${String(block.type)}') needs the string ${missing.map((k) => `'${k}'`).join(", ")}` : undefined;
  };
  switch (block.type) {
    case "text":
      return needs("text");
    case "image":
    case "audio":
      return needs("data", "mimeType");
    case "resource_link":
      return needs("uri", "name");
    case "resource": {
      const resource = block.resource as Record<string, unknown> | null | undefined;
      if (typeof resource !== "object" || resource === null || typeof resource.uri !== "string") return "(type 'resource') needs 'resource' with a string 'uri'";
      return typeof resource.text === "string" || typeof resource.blob === "string" ? undefined : "(type 'resource') needs 'resource.text' or 'resource.blob'";
    }
    default:
      return `has an unknown type ${JSON.stringify(block.type) ?? "undefined"} (expected text, image, audio, resource or resource_link)`;
  }
}

/** Content blocks as text, for hosts that take only text: texts as they are, the others described. */
export function contentText(blocks: readonly Content[]): string {
  return blocks
    .map((b) => {
      switch (b.type) {
        case "text":
          return b.text;
        case "image":
        case "audio":
          return `[${b.type}: ${b.mimeType}]`;
        case "resource":
          return "text" in b.resource ? b.resource.text : `[resource: ${b.resource.uri}]`;
        case "resource_link":
          return `[resource link: ${b.uri}]`;
      }
    })
    .join("\n\n");
}
