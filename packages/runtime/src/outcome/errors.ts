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
