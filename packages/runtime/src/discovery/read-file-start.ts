import { Buffer } from "node:buffer";
import { closeSync, openSync, readSync } from "node:fs";

/** The first `bytes` of a file, as text: what a manifest's head is read from (a character cut at the end is past it). */
export function readFileStart(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.toString("utf8", 0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}
