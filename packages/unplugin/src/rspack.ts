import type { UnpluginInstance } from "unplugin";
import { checkPluginOptions, toolgen, type ToolgenPluginOptions } from "./index.js";

/**
 * The toolgen plugin for rspack (typed through unplugin's own types, which name rspack's). Its
 * options are checked here, when the config makes it: unplugin makes the plugin only in `apply`.
 */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["rspack"] = (options) => toolgen.rspack(checkPluginOptions(options));
export default plugin;
