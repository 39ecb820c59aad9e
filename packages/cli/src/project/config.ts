// One configuration schema for package.json `toolgen`, toolgen.config.json and the
// transformer's plugin options: it lives with the build logic the CLI and the transformer share.
export { ConfigError, parseConfig, parsePluginOptions, type ToolgenConfig } from "@toolgen/transformer/project";
