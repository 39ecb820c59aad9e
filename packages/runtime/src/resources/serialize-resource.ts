import { toBase64 } from "../content/content.js";
import type { ErrorOutcome, OkOutcome } from "../outcome/outcome.js";
import { serializeResult } from "../pipeline/serialize-result.js";

/** A resource function's result: text as it is, bytes (an `ArrayBuffer`, a `SharedArrayBuffer` or any view of one) as base64 `blob`, objects as JSON. */
export function serializeResource(result: unknown, uri: string, mimeType: string | undefined): OkOutcome | ErrorOutcome {
  const resource = mimeType === undefined ? { uri } : { uri, mimeType };
  // A SharedArrayBuffer by its tag: where pages are not cross-origin isolated it is no global.
  const buffer = result instanceof ArrayBuffer || Object.prototype.toString.call(result) === "[object SharedArrayBuffer]";
  const bytes = buffer ? new Uint8Array(result as ArrayBufferLike) : ArrayBuffer.isView(result) ? new Uint8Array(result.buffer, result.byteOffset, result.byteLength) : undefined;
  if (bytes) return { status: "ok", text: "", resource: { ...resource, blob: toBase64(bytes) } };
  const outcome = serializeResult(result);
  return outcome.status === "ok" ? { ...outcome, resource } : outcome;
}
