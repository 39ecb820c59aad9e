import { describeDefault } from "./defaults-in-descriptions.js";
import { mapSubschemas, type SchemaNode } from "./schema-node.js";
import { STRICT_KEYWORDS } from "./to-strict-schema.js";

/**
 * The schema with only the keywords OpenAI strict mode takes, for a framework that makes a
 * schema strict with a rewrite of its own (Mastra's), which keeps the keywords it does not
 * know and so has the request refused: each `default` said in its node's description, `oneOf`
 * made `anyOf`, every other keyword left out but those `also` names (which that rewrite turns
 * into words itself). Only what the model sees is looser: toolgen validates the arguments
 * against the whole schema. Structure (tuples, open objects) is `toStrictSchema`'s to judge.
 */
export function strictKeywordsOnly(node: SchemaNode, also: ReadonlySet<string> = new Set()): SchemaNode {
  const out = mapSubschemas(node, (child) => strictKeywordsOnly(child, also));
  if (Array.isArray(out.oneOf)) out.anyOf = [...(Array.isArray(out.anyOf) ? out.anyOf : []), ...out.oneOf];
  for (const key of Object.keys(out)) if (!STRICT_KEYWORDS.has(key) && !also.has(key)) delete out[key];
  if (node.default !== undefined) out.description = describeDefault(node.description, node.default);
  return out;
}
