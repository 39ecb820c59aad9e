import type { EntryDefinition } from "../registry/entry-definition.js";

/** A toolset class to an instance: the default is `new Toolset()`; hosts may supply factories. */
export type ToolsetFactory = (toolset: new () => unknown, name: string) => unknown;

/**
 * Finds the function to call: a direct `fn`, an exported function, or a method on a toolset
 * instance (one instance per class and registry, created on first use).
 */
export async function resolveImplementation(
  definition: EntryDefinition,
  instances: Map<unknown, unknown>,
  factory: ToolsetFactory | undefined,
): Promise<(...args: unknown[]) => unknown> {
  if (definition.fn) return definition.fn;
  const { implementation, name } = definition.entry;
  if (!definition.load) throw new Error(`'${name}' has no implementation to load.`);
  const namespace = await definition.load();
  const exported = namespace[implementation.export];
  if (implementation.method === undefined) {
    if (typeof exported !== "function") throw new Error(`'${implementation.module}' has no exported function '${implementation.export}'.`);
    return exported as (...args: unknown[]) => unknown;
  }
  if (typeof exported !== "function") throw new Error(`'${implementation.module}' has no exported class '${implementation.export}'.`);
  const staticMethod = (exported as unknown as Record<string, unknown>)[implementation.method];
  if (typeof staticMethod === "function") return (staticMethod as (...args: unknown[]) => unknown).bind(exported);
  let instance = instances.get(exported);
  if (instance === undefined) {
    instance = factory ? factory(exported as new () => unknown, implementation.export) : new (exported as new () => unknown)();
    instances.set(exported, instance);
  }
  const method = (instance as Record<string, unknown>)[implementation.method];
  if (typeof method !== "function") throw new Error(`'${implementation.export}' has no method '${implementation.method}'.`);
  return (method as (...args: unknown[]) => unknown).bind(instance);
}
