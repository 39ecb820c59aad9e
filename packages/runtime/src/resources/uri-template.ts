/**
 * RFC 6570 level-1 URI templates (`file:///{path}`), matched strictly: the whole URI must
 * match, and a variable matches one non-empty run of characters that holds no `/`, `?` or
 * `#` — so `file:///{path}` never matches `file:///a/b`. Values are percent-decoded; a
 * value that does not decode, or that is no segment of a path of its own — one holding `/`
 * (an encoded `%2F`), `\` (Windows' separator) or NUL, or `.` or `..` (also `%2e%2e`) —
 * does not match either, so a variable can never reach across a path segment, nor up one.
 */
export interface UriTemplate {
  readonly template: string;
  readonly variables: readonly string[];
  /** Characters outside variables: more literal text means a more specific template. */
  readonly literalLength: number;
  match(uri: string): Record<string, string> | undefined;
}

const EXPRESSION = /\{(\w+)\}/g;

/** A value no variable takes: empty, a dot segment, or holding a path separator or NUL. */
const NO_SEGMENT = /^\.{0,2}$|[/\\\0]/;

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
  return /\{\w+\}/.test(uri);
}

/** Returns undefined for a template the runtime cannot match (an operator such as `{+x}`, an unclosed brace). */
export function compileUriTemplate(template: string): UriTemplate | undefined {
  // What is not a variable: a brace there is an expression the runtime does not read.
  const literals = template.replace(EXPRESSION, "");
  const variables: string[] = [];
  let source = "^";
  let last = 0;
  for (const m of template.matchAll(EXPRESSION)) {
    source += escapeRegExp(template.slice(last, m.index)) + "([^/?#]+)";
    variables.push(m[1]!);
    last = m.index + m[0].length;
  }
  if (/[{}]/.test(literals) || new Set(variables).size !== variables.length) return undefined;
  const pattern = new RegExp(`${source}${escapeRegExp(template.slice(last))}$`);
  return {
    template,
    variables,
    literalLength: literals.length,
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
        if (NO_SEGMENT.test(value)) return undefined;
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
 * templates could have read from a URI (see `NO_SEGMENT`), so that `dispatch` cannot
 * hand the resource what `readResource` would refuse. Undefined when a template carries the
 * values, or when a fixed URI names the resource and every value given could be a segment.
 */
export function uncarriedVariable(uris: readonly string[], args: Readonly<Record<string, unknown>>): string | undefined {
  const templates = uris.filter(isUriTemplate).map(compileUriTemplate);
  if (templates.some((t) => !t || t.match(expandUriTemplate(t.template, args) ?? "") !== undefined)) return undefined;
  const given = (name: string) => Object.hasOwn(args, name) && args[name] !== undefined;
  const variables = templates.flatMap((t) => t!.variables);
  const refused = variables.find((name) => given(name) && NO_SEGMENT.test(String(args[name])));
  if (refused !== undefined || templates.length < uris.length) return refused;
  return variables.find((name) => NO_SEGMENT.test(String(given(name) ? args[name] : "")));
}
