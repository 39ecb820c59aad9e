import type { UnpluginInstance } from "unplugin";
import { toolgen, type ToolgenPluginOptions } from "./index.js";

/** The toolgen plugin for rollup (typed through unplugin's own types, which name rollup's). */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["rollup"] = toolgen.rollup;
export default plugin;
