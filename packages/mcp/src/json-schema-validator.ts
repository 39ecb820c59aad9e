import type { JsonSchemaType, JsonSchemaValidator, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { compileSchema, type JsonSchema } from "@toolgen/runtime";

/**
 * The SDK's validator hook, answered by toolgen's validator (`compileSchema`): the SDK's default
 * (ajv) compiles every schema with `new Function`, which Cloudflare Workers and a strict
 * Content-Security-Policy refuse. toolgen validates every tool call itself; the SDK uses
 * this only for what it checks on its own (an elicitation's answer).
 */
export class ToolgenJsonSchemaValidator implements jsonSchemaValidator {
  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    let validate: ReturnType<typeof compileSchema>;
    try {
      validate = compileSchema(schema as JsonSchema);
    } catch (error) {
      const message = `cannot check this schema: ${(error as Error).message}`;
      return () => ({ valid: false, data: undefined, errorMessage: message });
    }
    return (input) => {
      if (validate(input)) return { valid: true, data: input as T, errorMessage: undefined };
      const errorMessage = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? e.keyword}`).join("; ");
      return { valid: false, data: undefined, errorMessage };
    };
  }
}
