export { default } from "./transform/toolgen-transformer.js";
export { type TransformerExtras } from "./transform/toolgen-transformer.js";
export { TSC_CODE_OFFSET } from "./transform/to-ts-diagnostic.js";
