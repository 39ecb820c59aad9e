import type { EntryDefinition, JsonSchema } from "@toolgen/runtime";
import type { CompiledValidator } from "@toolgen/runtime/validation";

/** A request-style tool `t` over `schema`, checked by `validate`, running `fn`: what a registry holds for one built tool. */
export function requestTool(schema: JsonSchema, validate: CompiledValidator, fn: (args: unknown) => unknown): EntryDefinition {
  return {
    entry: {
      kind: "tool",
      name: "t",
      description: "",
      implementation: { module: "dist/t.js", export: "t" },
      arguments: { mode: "request", parameters: [{ kind: "request" }] },
      inputSchema: schema,
      source: { file: "src/t.ts", line: 1, column: 1 },
    },
    validate,
    fn,
  };
}
