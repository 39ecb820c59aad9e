import type { ManifestEntry } from "../manifest/manifest-format.js";
import { errorOutcome, type Outcome, type SuspendedOutcome } from "../outcome/outcome.js";
import { mapThrown } from "../pipeline/map-thrown.js";
import { messageOf, serializeResult } from "../pipeline/serialize-result.js";
import { conformResult } from "../pipeline/conform-result.js";
import { quoteName } from "./closest-names.js";
import type { FormatLookup } from "../validation/format-checks.js";

/** How many completed ids an instance remembers, to refuse a second completion. */
const REMEMBERED = 10_000;

/**
 * External tools' calls waiting for the host. The id carries what completing needs — the
 * tool's name, `name:uuid` — so any instance of the registry completes it, not only the
 * one that suspended it (behind a load balancer). The host's result is held to the tool's
 * output schema (`conformResult`) and becomes a normal outcome (an `Error` it hands back, an
 * error outcome).
 * An id naming no external tool is an error, never a made-up result; an instance refuses an
 * id it completed already (across instances, completing once is the host's part).
 */
export class SuspendedCalls {
  private readonly completed = new Set<string>();

  constructor(
    private readonly entryOf: (name: string) => ManifestEntry | undefined,
    private readonly formats: FormatLookup,
  ) {}

  suspend(name: string, args: Record<string, unknown>): SuspendedOutcome {
    // The Web Crypto global: no `node:crypto` import on the start-up path.
    return { status: "suspended", call: { id: `${name}:${globalThis.crypto.randomUUID()}`, name, arguments: args } };
  }

  complete(callId: string, result: unknown): Outcome {
    const name = typeof callId === "string" ? callId.slice(0, callId.lastIndexOf(":")) : "";
    let entry: ManifestEntry | undefined;
    try {
      entry = name ? this.entryOf(name) : undefined;
    } catch (error) {
      return errorOutcome("internal", messageOf(error)); // a split registry not loaded yet: the message says to load it
    }
    if (!entry?.external || this.completed.has(callId)) {
      return errorOutcome("unknown_tool", `There is no suspended call with id ${quoteName(callId)} (it was completed already, or never suspended).`, { suggestions: [] });
    }
    const { outputSchema } = entry;
    const outcome = result instanceof Error ? mapThrown(result) : serializeResult(result, outputSchema === undefined ? undefined : (json) => conformResult(name, outputSchema, json, this.formats, "The host's result does not match the output schema"));
    // A result the host got wrong (not JSON, not of the output schema) leaves the call open for its corrected one.
    if (outcome.status === "ok" || result instanceof Error) {
      this.completed.add(callId);
      if (this.completed.size > REMEMBERED) this.completed.delete(this.completed.values().next().value!);
    }
    return outcome;
  }
}
