import { toBase64 } from "../content/content.js";
import type { ErrorOutcome, OkOutcome } from "../outcome/outcome.js";
import { serializeResult } from "../pipeline/serialize-result.js";

/** A resource function's result: text as it is, bytes as base64 `blob`, objects as JSON. */
export function serializeResource(result: unknown, uri: string, mimeType: string | undefined): OkOutcome | ErrorOutcome {
  const resource = mimeType === undefined ? { uri } : { uri, mimeType };
  if (result instanceof Uint8Array) return { status: "ok", text: "", resource: { ...resource, blob: toBase64(result) } };
  const outcome = serializeResult(result);
  return outcome.status === "ok" ? { ...outcome, resource } : outcome;
}
