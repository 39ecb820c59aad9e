import type { JsonSchema, ManifestEntry } from "../manifest/manifest-format.js";
import type { EntryDefinition } from "../registry/entry-definition.js";
import type { CompiledValidator } from "../validation/index.js";
import type { FormatLookup } from "../validation/format-checks.js";
import { compileSchema } from "../validation/compile-schema.js";
import { checkName, copyMetadata } from "./define-tool.js";

/**
 * An external tool defined by its schema alone (AgentScope's `registerSchema`): the runtime
 * validates the model's arguments and answers `suspended`; the host executes the call.
 */
export interface ExternalToolSchema {
  name: string;
  description: string;
  title?: string;
  /** The arguments' JSON Schema (AgentScope calls it `parameters`; either name works). */
  parameters?: JsonSchema;
  inputSchema?: JsonSchema;
  /** What the host's result must look like: `complete()` holds it to this. */
  outputSchema?: JsonSchema;
  annotations?: ManifestEntry["annotations"];
  tags?: string[];
  scopes?: string[];
  supportedFor?: string[];
  excludedFor?: string[];
  /**
   * A validator of your own for the arguments, in ajv's shape (a function with `errors`; an
   * ajv-compiled one works): for a schema that uses keywords the runtime's validator does not
   * check (`if`/`then`, `dependentRequired`, a remote `$ref`), such as one a remote server sent.
   */
  validate?: CompiledValidator;
}

const NO_ARGUMENTS: JsonSchema = { type: "object", properties: {}, additionalProperties: false };
const SCHEMA_KEYS = "name description title parameters inputSchema outputSchema annotations tags scopes supportedFor excludedFor validate".split(" ");

export function defineExternal(schema: ExternalToolSchema, formats: FormatLookup): EntryDefinition {
  checkName(schema?.name, "registerSchema");
  // A key it does not know would be dropped unseen: an `fn` here never runs (the host runs the call; `register` takes one).
  const unknown = Object.keys(schema).find((key) => !SCHEMA_KEYS.includes(key));
  if (unknown !== undefined) throw new TypeError(`toolgen: registerSchema('${schema.name}'): unknown key '${unknown}' (known: ${SCHEMA_KEYS.join(", ")}${unknown === "fn" ? "; a tool with an fn is register()'s" : ""}).`);
  // Both schemas: one would be dropped unseen; a validate that is no function failed every call.
  if ((schema.inputSchema && schema.parameters) || (schema.validate !== undefined && typeof schema.validate !== "function")) throw new TypeError(`toolgen: registerSchema('${schema.name}'): give 'inputSchema' or 'parameters', not both, and 'validate' as a function.`);
  const inputSchema = schema.inputSchema ?? schema.parameters ?? NO_ARGUMENTS;
  if (typeof inputSchema !== "object" || inputSchema === null || inputSchema.type !== "object") {
    throw new TypeError(`toolgen: registerSchema('${schema.name}'): the input schema must be an object schema ({ "type": "object", ... }); arguments are always one JSON object.`);
  }
  let validate = schema.validate;
  try {
    validate ??= compileSchema(inputSchema, formats);
  } catch (error) {
    const reason = (error as Error).message.replace(/\.$/, "");
    throw new TypeError(`toolgen: registerSchema('${schema.name}'): ${reason}; pass a validator of your own as 'validate' (an ajv-compiled one works).`);
  }
  const entry: ManifestEntry = {
    kind: "tool",
    name: schema.name,
    description: schema.description,
    implementation: { module: "(external)", export: schema.name },
    arguments: { mode: "request", parameters: [{ kind: "request" }] },
    inputSchema,
    external: true,
    source: { file: "(registered at run time)", line: 1, column: 1 },
  };
  copyMetadata(schema, entry, `registerSchema('${schema.name}')`);
  return { entry, validate, origin: "registerSchema()" };
}
