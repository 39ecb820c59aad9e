import { toolgen } from "./index.js";

/** The toolgen plugin for webpack. */
export default toolgen.webpack;
