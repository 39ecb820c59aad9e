// A page's script: the outcomes, as JSON, for the test to read.
import { runMatrix } from "./dist/matrix.js";

globalThis.matrix = runMatrix().then((outcomes) => JSON.stringify(outcomes));
