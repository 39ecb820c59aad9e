export { main } from "./main.js";
export { parseConfig, type ToolgenConfig } from "./project/config.js";
export { buildProject, type ProjectBuild } from "./build/build-project.js";
