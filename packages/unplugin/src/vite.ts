import type { UnpluginInstance } from "unplugin";
import { toolgen, type ToolgenPluginOptions } from "./index.js";

/** The toolgen plugin for vite (typed through unplugin's own types, which name vite's). */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["vite"] = toolgen.vite;
export default plugin;
