/**
 * Errors a tool throws on purpose. Anything else thrown becomes a `tool_error` outcome with
 * its message; these say more.
 */

/** A failure the model should see, with a structured payload (serialized as JSON). */
export class ToolError extends Error {
  readonly payload: unknown;
  constructor(message: string, payload?: unknown) {
    super(message);
    this.name = "ToolError";
    this.payload = payload;
  }
}

/** The call could not complete (a dependency is down, a resource is missing). */
export class ToolExecutionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ToolExecutionError";
  }
}

/** The task is complete: the host stops the loop but keeps running. */
export class EndTask extends Error {
  readonly value: unknown;
  constructor(value?: unknown, message = "The task is complete.") {
    super(message);
    this.name = "EndTask";
    this.value = value;
  }
}

/**
 * `instanceof` across copies of this package: an application and a tool library, or the CLI and
 * the application, can each load their own `@toolgen/runtime` (`npm link`, a global CLI, two
 * versions), and a `ToolError` thrown by one would be just an `Error` to the other, its
 * payload lost. Each class marks its prototype with a key every copy shares (`Symbol.for`), and
 * `instanceof` the class itself reads the mark; for a subclass it stays the usual check.
 */
const BRAND = Symbol.for("@toolgen/runtime error");
for (const [type, name] of [[ToolError, "ToolError"], [ToolExecutionError, "ToolExecutionError"], [EndTask, "EndTask"]] as const) {
  (type.prototype as { [BRAND]?: string })[BRAND] = name;
  Object.defineProperty(type, Symbol.hasInstance, {
    value(this: unknown, value: unknown) {
      return this === type ? (value as { [BRAND]?: string } | null)?.[BRAND] === name : Function.prototype[Symbol.hasInstance].call(this, value);
    },
  });
}
