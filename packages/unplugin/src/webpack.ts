import type { UnpluginInstance } from "unplugin";
import { toolgen, type ToolgenPluginOptions } from "./index.js";

/** The toolgen plugin for webpack (typed through unplugin's own types, which name webpack's). */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["webpack"] = toolgen.webpack;
export default plugin;
