// Node.js, Deno, Bun: run the calls and print their outcomes as one line of JSON.
import { runMatrix } from "./dist/matrix.js";

console.log(JSON.stringify(await runMatrix()));
