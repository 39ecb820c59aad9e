import * as path from "node:path";

/** A file as messages name it: from where the command runs (the path itself for that folder). */
export function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
