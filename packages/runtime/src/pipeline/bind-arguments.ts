import type { ArgumentBinding } from "../manifest/manifest-format.js";
import type { ToolContext } from "../context/tool-context.js";

/** The positional argument list for the implementation, with the context injected. */
export function bindArguments(binding: ArgumentBinding, args: Record<string, unknown>, context: ToolContext): unknown[] {
  return binding.parameters.map((slot) => {
    if (slot.kind === "context") return context;
    if (slot.kind === "request") return args;
    return Object.hasOwn(args, slot.name) ? args[slot.name] : undefined;
  });
}
