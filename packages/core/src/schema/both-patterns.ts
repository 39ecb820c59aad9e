/**
 * One pattern that holds where both hold: a `@pattern` tag's (searched anywhere in the string,
 * as JSON Schema's `pattern` is) and a template literal type's own (toolgen's, anchored
 * `^…$`), so the tag adds to the type rather than replacing it. One pattern, not an `allOf`,
 * which strict modes refuse. The tag's goes first, in a lookahead, so that its groups keep
 * their numbers for its own backreferences.
 */
export function bothPatterns(tag: string, template: string): string {
  return `^(?=[\\s\\S]*?(?:${tag}))${template.slice(1)}`;
}
