import { createRegistry, type RegistryOptions, ToolError } from "@toolgen/runtime";

/**
 * The registry the framework adapters' tests drive: a tool with constraints (and an optional
 * argument), one that fails with a payload, a `@destructive` one, and an `@external` one the
 * adapters must leave to the application. `calls` records what `add_to_cart` received.
 */
export function shopRegistry(calls: unknown[], options: RegistryOptions = {}) {
  const registry = createRegistry([], options);
  registry.register({
    name: "add_to_cart",
    description: "Adds an item to the cart.",
    params: [
      { name: "sku", schema: { type: "string", pattern: "^[A-Z]{3}-\\d{3}$" } },
      { name: "quantity", schema: { type: "integer", minimum: 1 } },
      { name: "gift", schema: { type: "boolean" }, required: false },
    ],
    fn: (args) => {
      calls.push(args);
      return { added: args.sku, quantity: args.quantity };
    },
  });
  registry.register({ name: "out_of_stock", description: "Always fails.", fn: () => { throw new ToolError("no stock left", { sku: "ABC-123" }); } });
  registry.register({ name: "empty_cart", description: "Empties the cart.", annotations: { destructiveHint: true }, fn: () => "emptied" });
  registry.registerSchema({ name: "ask_user", description: "Asks the user (run by the application)." });
  return registry;
}
