export * from "./formats.js";
export { FORMAT_EXPORTS } from "./format-exports.js";
export { ALL_FORMATS } from "./all-formats.js";
