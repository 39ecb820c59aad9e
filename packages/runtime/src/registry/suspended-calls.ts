import { errorOutcome, type Outcome, type SuspendedOutcome } from "../outcome/outcome.js";
import { mapThrown } from "../pipeline/map-thrown.js";
import { serializeResult } from "../pipeline/serialize-result.js";

/**
 * External tools' calls waiting for the host. Each id completes once: the host's result
 * becomes a normal outcome (an `Error` it hands back, an error outcome); an unknown or
 * already completed id is an error, never a made-up result.
 */
export class SuspendedCalls {
  private readonly pending = new Map<string, string>();

  suspend(name: string, args: Record<string, unknown>): SuspendedOutcome {
    // The Web Crypto global: no `node:crypto` import on the start-up path.
    const id = globalThis.crypto.randomUUID();
    this.pending.set(id, name);
    return { status: "suspended", call: { id, name, arguments: args } };
  }

  complete(callId: string, result: unknown): Outcome {
    if (!this.pending.delete(callId)) {
      return errorOutcome("unknown_tool", `There is no suspended call with id '${String(callId)}' (it was completed already, or never suspended).`);
    }
    return result instanceof Error ? mapThrown(result) : serializeResult(result);
  }
}
