import { renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * Writes `file` as a new file moved into place, as the build writes its outputs: a link there
 * (one committed to a repository, say, leading out of it) is replaced, never written through.
 */
export function writeReplacing(file: string, content: string): void {
  const temporary = `${file}.toolgen-${process.pid}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}
