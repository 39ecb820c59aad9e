import type { UnpluginInstance } from "unplugin";
import { toolgen, type ToolgenPluginOptions } from "./index.js";

/** The toolgen plugin for rspack (typed through unplugin's own types, which name rspack's). */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["rspack"] = toolgen.rspack;
export default plugin;
