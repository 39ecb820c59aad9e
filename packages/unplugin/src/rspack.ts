import { toolgen } from "./index.js";

/** The toolgen plugin for rspack. */
export default toolgen.rspack;
