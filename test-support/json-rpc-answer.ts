/**
 * The JSON-RPC answer of a streamable HTTP response, whichever form the server chose: a JSON
 * body, or an SSE stream whose last message event carries it (notifications come before).
 */
export async function jsonRpcAnswer<T = unknown>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.headers.get("content-type")?.includes("text/event-stream")) return JSON.parse(text) as T;
  const messages = sseMessages(text);
  const answer = messages.findLast((m) => "result" in m || "error" in m);
  if (!answer) throw new Error(`No JSON-RPC answer in the SSE stream:\n${text}`);
  return answer as T;
}

/** Every JSON message of an SSE stream's `data:` lines, in order. */
export function sseMessages(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("data:") && line.length > 5 && line.slice(5).trim() !== "")
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
}
