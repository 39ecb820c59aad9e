import type { ProjectionIssue } from "../projection-issue.js";
import type { SchemaNode } from "./schema-node.js";

/**
 * What OpenAI's and Anthropic's APIs refuse at the root of a tool's parameters, beside `type:
 * "object"`: the whole request is a 400 ("input_schema does not support oneOf, allOf, or anyOf
 * at the top level"; "schema must have type 'object' and not have 'oneOf'/'anyOf'/'allOf'/
 * 'enum'/'not' at the top level").
 */
export const ROOT_REFUSED = ["anyOf", "oneOf", "allOf", "not", "enum", "if", "then", "else"] as const;

/**
 * The parameters' schema without the combinators those APIs refuse at its root (`{ type:
 * "object", anyOf: [{ required: ["title"] }, { required: ["body"] }] }`, as `registerSchema` may
 * be given): the model is offered the object, and the registry still validates the whole
 * schema, so a call that breaks them is `invalid_arguments`.
 */
export function withoutRootCombinators(input: SchemaNode, refusedBy: string, report: (issue: Omit<ProjectionIssue, "tool">) => void): SchemaNode {
  const refused = ROOT_REFUSED.filter((keyword) => keyword in input);
  if (refused.length === 0) return input;
  report({ severity: "warning", path: "", message: `${refused.map((keyword) => `'${keyword}'`).join(", ")} at the root of a tool's parameters ${refused.length > 1 ? "are" : "is"} refused by ${refusedBy}: left out of what it is sent (the arguments are still validated against ${refused.length > 1 ? "them" : "it"})` });
  const copy = { ...input };
  for (const keyword of refused) delete copy[keyword];
  return copy;
}
