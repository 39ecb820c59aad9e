import * as path from "node:path";

/** A file as messages name it: from where the command runs (absolute when that is shorter to read, from elsewhere). */
export function shown(file: string): string {
  return path.relative(process.cwd(), file) || file;
}
