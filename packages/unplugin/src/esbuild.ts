import type { UnpluginInstance } from "unplugin";
import { toolgen, type ToolgenPluginOptions } from "./index.js";

/** The toolgen plugin for esbuild (typed through unplugin's own types, which name esbuild's). */
const plugin: UnpluginInstance<ToolgenPluginOptions | undefined, false>["esbuild"] = toolgen.esbuild;
export default plugin;
