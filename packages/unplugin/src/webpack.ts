import type { UnpluginInstance } from "unplugin";
import { checkPluginOptions, toolgen, type ToolgenPluginOptions } from "./index.js";

/**
 * The toolgen plugin for webpack (typed through unplugin's own types, which name webpack's). Its
 * options are checked here, when the config makes it: unplugin makes the plugin only in `apply`.
 */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["webpack"] = (options) => toolgen.webpack(checkPluginOptions(options));
export default plugin;
