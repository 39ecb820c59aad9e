/**
 * RFC 6570 level-1 URI templates (`file:///{path}`), matched strictly: the whole URI must
 * match, and a variable matches one non-empty run of characters that holds no `/`, `?` or
 * `#` — so `file:///{path}` never matches `file:///a/b`. Values are percent-decoded; a
 * value that decodes to something holding `/` (an encoded `%2F`) or that does not decode
 * does not match either, so a variable can never reach across a path segment.
 */
export interface UriTemplate {
  readonly template: string;
  readonly variables: readonly string[];
  /** Characters outside variables: more literal text means a more specific template. */
  readonly literalLength: number;
  match(uri: string): Record<string, string> | undefined;
}

const EXPRESSION = /\{([A-Za-z0-9_]+)\}/g;

/**
 * The URI a template names for these arguments (`pages:///{n}` with `{ n: 3 }`: `pages:///3`),
 * each value percent-encoded; undefined when a variable has no string, number or boolean value.
 */
export function expandUriTemplate(template: string, args: Readonly<Record<string, unknown>>): string | undefined {
  let complete = true;
  const uri = template.replace(EXPRESSION, (_, name: string) => {
    const value = Object.hasOwn(args, name) ? args[name] : undefined;
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") complete = false;
    return encodeURIComponent(String(value));
  });
  return complete ? uri : undefined;
}

export function isUriTemplate(uri: string): boolean {
  return /\{[A-Za-z0-9_]+\}/.test(uri);
}

/** Returns undefined for a template the runtime cannot match (an operator such as `{+x}`, an unclosed brace). */
export function compileUriTemplate(template: string): UriTemplate | undefined {
  const variables: string[] = [];
  let source = "^";
  let literalLength = 0;
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    const literal = template.slice(last, m.index);
    if (/[{}]/.test(literal)) return undefined;
    source += escapeRegExp(literal) + "([^/?#]+)";
    literalLength += literal.length;
    variables.push(m[1]!);
    last = m.index + m[0].length;
  }
  const tail = template.slice(last);
  if (/[{}]/.test(tail) || new Set(variables).size !== variables.length) return undefined;
  literalLength += tail.length;
  const pattern = new RegExp(`${source}${escapeRegExp(tail)}$`);
  return {
    template,
    variables,
    literalLength,
    match(uri) {
      const m = pattern.exec(uri);
      if (!m) return undefined;
      const values: Record<string, string> = {};
      for (const [i, name] of variables.entries()) {
        let value: string;
        try {
          value = decodeURIComponent(m[i + 1]!);
        } catch {
          return undefined;
        }
        if (value.includes("/")) return undefined;
        values[name] = value;
      }
      return values;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * For a resource called by name, not by URI: the variable whose value none of its URI
 * templates could have read from a URI (empty, or holding `/`), so that `dispatch` cannot
 * hand the resource what `readResource` would refuse. Undefined when a template carries the
 * values, or a fixed URI names the resource.
 */
export function uncarriedVariable(uris: readonly string[], args: Readonly<Record<string, unknown>>): string | undefined {
  const templates = uris.map((uri) => (isUriTemplate(uri) ? compileUriTemplate(uri) : undefined));
  if (templates.length === 0 || templates.some((t) => !t || t.match(expandUriTemplate(t.template, args) ?? "") !== undefined)) return undefined;
  return templates[0]!.variables.find((name) => /^$|\//.test(String(args[name] ?? "")));
}
