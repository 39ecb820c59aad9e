// Bundles the runtime's compiled JavaScript (dist/, from tsc) into one file per public entry
// point, with shared chunks, in dist/bundle/. An application importing its generated registry
// loads a handful of files instead of ~70: Node.js resolves, reads and compiles every ES
// module separately, which cost ~35 ms of a cold start. Types stay tsc's (dist/**/*.d.ts).
import { defineConfig } from "rolldown";

export default defineConfig({
  input: {
    index: "dist/index.js",
    validation: "dist/validation/index.js",
    discovery: "dist/discovery/index.js",
    providers: "dist/providers/index.js",
  },
  platform: "node",
  // Dependencies and Node.js built-ins are imported, not bundled.
  external: (id) => !id.startsWith(".") && !id.startsWith("/"),
  output: { dir: "dist/bundle", cleanDir: true, format: "esm", entryFileNames: "[name].js", chunkFileNames: "chunk-[hash].js" },
});
