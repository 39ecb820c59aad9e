/**
 * Results beyond text: what a tool can return for the client to show or the model to see
 * (MCP content blocks, https://modelcontextprotocol.io/specification/2025-11-25/server/tools#tool-result).
 * A tool whose return type is one of these, or an array of them, is recognised by the analyzer
 * (through the `@toolgenContent` tag, not by name): its result is passed on as content blocks
 * and it has no output schema.
 */

/** @toolgenContent */
export interface TextContent {
  type: "text";
  text: string;
}

/** @toolgenContent */
export interface ImageContent {
  type: "image";
  /** The bytes, base64-encoded. */
  data: string;
  mimeType: string;
}

/** @toolgenContent */
export interface AudioContent {
  type: "audio";
  /** The bytes, base64-encoded. */
  data: string;
  mimeType: string;
}

/** A resource's contents, carried in the result itself. @toolgenContent */
export interface EmbeddedResource {
  type: "resource";
  resource: { uri: string; mimeType?: string; text: string } | { uri: string; mimeType?: string; blob: string };
}

/** A pointer to a resource the client may read (or not). @toolgenContent */
export interface ResourceLink {
  type: "resource_link";
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export type Content = TextContent | ImageContent | AudioContent | EmbeddedResource | ResourceLink;

/** Bytes as base64, with what every JavaScript runtime has (`btoa`): no `Buffer`. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  // Chunks keep `String.fromCharCode`'s argument list short.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const asBase64 = (data: Uint8Array | string) => (typeof data === "string" ? data : toBase64(data));

export function text(value: string): TextContent {
  return { type: "text", text: value };
}

/** An image from its bytes (or base64 text). */
export function image(data: Uint8Array | string, mimeType: string): ImageContent {
  return { type: "image", data: asBase64(data), mimeType };
}

/** Audio from its bytes (or base64 text). */
export function audio(data: Uint8Array | string, mimeType: string): AudioContent {
  return { type: "audio", data: asBase64(data), mimeType };
}

/** A resource's contents in the result: text as it is, bytes as base64 `blob`. */
export function embeddedResource(uri: string, contents: string | Uint8Array, mimeType?: string): EmbeddedResource {
  const base = mimeType === undefined ? { uri } : { uri, mimeType };
  return { type: "resource", resource: typeof contents === "string" ? { ...base, text: contents } : { ...base, blob: toBase64(contents) } };
}

/** A link to a resource, by URI and name. */
export function resourceLink(uri: string, name: string, details: Omit<ResourceLink, "type" | "uri" | "name"> = {}): ResourceLink {
  return { type: "resource_link", uri, name, ...details };
}
