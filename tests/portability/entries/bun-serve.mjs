// The fixture's Worker handler (`/matrix`, and MCP everywhere else) in Bun.serve.
/* global Bun */
import worker from "./dist/worker.js";

Bun.serve({ hostname: "127.0.0.1", port: Number(process.argv[2]), fetch: worker.fetch });
console.log("listening");
