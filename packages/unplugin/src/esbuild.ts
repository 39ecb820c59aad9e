import { toolgen } from "./index.js";

/** The toolgen plugin for esbuild. */
export default toolgen.esbuild;
