export { main } from "./main.js";
export { parseConfig, type ToolgenConfig } from "./project/config.js";
