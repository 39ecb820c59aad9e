import { toolgen } from "./index.js";

/** The toolgen plugin for rollup. */
export default toolgen.rollup;
