import { collectRefs, defName, defsOf, mapSubschemas, type SchemaNode } from "./schema-node.js";

/**
 * Replaces every `$ref` to a definition that is not part of a cycle by a copy of that
 * definition, so clients that cannot resolve references still see the whole shape
 * (Anthropic and MCP receive draft 2020-12 this way). Recursive definitions stay in
 * `$defs`, referenced; `cyclic` names them. Keywords beside a `$ref` (a description) win
 * over the definition's own.
 */
export function inlineRefs(schema: SchemaNode): { schema: SchemaNode; cyclic: string[] } {
  const defs = defsOf(schema);
  const cyclic = findCyclicDefs(defs);
  const inline = (node: SchemaNode): SchemaNode => {
    const name = defName(node.$ref);
    if (name !== undefined && !cyclic.has(name) && defs[name]) {
      const { $ref: _ref, ...siblings } = node;
      return { ...inline(defs[name]), ...mapSubschemas(siblings, inline) };
    }
    return mapSubschemas(node, inline);
  };
  const { $defs: _defs, ...body } = schema;
  const out = inline(body);
  const kept = Object.entries(defs).filter(([name]) => cyclic.has(name));
  if (kept.length > 0) out.$defs = Object.fromEntries(kept.map(([name, def]) => [name, inline(def)]));
  return { schema: out, cyclic: [...cyclic].sort() };
}

/** Definitions that reach themselves through references. */
export function findCyclicDefs(defs: Record<string, SchemaNode>): Set<string> {
  const edges = new Map(Object.entries(defs).map(([name, def]) => [name, collectRefs(def)]));
  const cyclic = new Set<string>();
  for (const start of edges.keys()) {
    const seen = new Set<string>();
    const stack = [...(edges.get(start) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop()!;
      if (next === start) {
        cyclic.add(start);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return cyclic;
}
