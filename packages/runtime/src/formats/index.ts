export * from "./formats.js";
export { CHECKED_FORMATS, NUMBER_FORMATS, exportOf } from "./format-exports.js";
export { ALL_FORMATS } from "./all-formats.js";
