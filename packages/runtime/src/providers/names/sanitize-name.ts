import { hashName } from "./hash-name.js";
import type { NameRule } from "./name-rules.js";

const HASH_LENGTH = 6;

/**
 * One name made acceptable to a provider, in this order (the seeds' `generateApiFunctionName`,
 * with the steps in the right order): replace illegal characters with `_`, collapse runs of
 * `_` and trim separators at both ends, add a `tool_` prefix when the name would start
 * badly, then cut to the rule's budget. A name that had to be cut gets a hash suffix, since
 * cutting loses what told it apart. A name the rule already accepts is left alone.
 */
export function sanitizeName(name: string, rule: NameRule): string {
  if (isAcceptable(name, rule)) return name;
  let out = Array.from(name, (c) => (rule.allowed.test(c) ? c : "_")).join("");
  out = trimSeparatorsAtEnd(out.replace(/_+/g, "_").replace(/^[-._]+/, ""));
  if (out === "") return `tool_${hashName(name)}`;
  if (!rule.start.test(out[0]!)) out = `tool_${out}`;
  if (out.length > rule.budget) out = withHash(out, name, rule);
  return out;
}

/** Appends `_<hash of the original>`, cutting the name so the result fits the budget. */
export function withHash(sanitized: string, original: string, rule: NameRule): string {
  const room = rule.budget - HASH_LENGTH - 1;
  const head = trimSeparatorsAtEnd(sanitized.slice(0, room));
  return `${head}_${hashName(original)}`;
}

export function isAcceptable(name: string, rule: NameRule): boolean {
  return name.length > 0 && name.length <= rule.budget && rule.pattern.test(name) && rule.start.test(name[0]!) && !/[-._]$/.test(name);
}

/** The text without trailing `-`, `.` and `_`: a loop, since `/[-._]+$/` rescans a long run from each of its characters. */
function trimSeparatorsAtEnd(text: string): string {
  let end = text.length;
  while (end > 0 && "-._".includes(text[end - 1]!)) end--;
  return text.slice(0, end);
}
