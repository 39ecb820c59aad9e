import type { UnpluginInstance } from "unplugin";
import { toolgen, type ToolgenPluginOptions } from "./index.js";

/** The toolgen plugin for rolldown (typed through unplugin's own types, which name rolldown's). */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["rolldown"] = toolgen.rolldown;
export default plugin;
