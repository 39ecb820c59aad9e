// The fixture's Worker handler (`/matrix`, and MCP everywhere else) in Deno.serve.
/* global Deno */
import worker from "./dist/worker.js";

Deno.serve({ hostname: "127.0.0.1", port: Number(Deno.args[0]), onListen: () => console.log("listening") }, worker.fetch);
