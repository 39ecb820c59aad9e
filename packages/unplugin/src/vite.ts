import { toolgen } from "./index.js";

/** The toolgen plugin for vite. */
export default toolgen.vite;
