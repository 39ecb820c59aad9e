import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { buildProject, type ProjectBuild, type ToolgenConfig } from "@toolgen/cli";
import { makeDirectory } from "@toolgen/transformer/project";
import { createUnplugin, type UnpluginFactory } from "unplugin";

/** `project`, and any toolgen config key (`naming`, `strict`, `registryModule`, …), which wins over the package's config. */
export interface ToolgenPluginOptions extends ToolgenConfig {
  /** The tsconfig (or its folder), from the bundler's working directory; default `tsconfig.json`. */
  project?: string;
}

/**
 * `toolgen build` inside the bundler: when it starts, and again when a TypeScript source
 * changes in watch mode or Vite's dev server (the registry module it rewrites is then
 * reloaded like any changed module). Errors fail the bundler's build with toolgen's
 * file:line:col diagnostics; warnings are printed. The manifest is written again after the
 * bundle, since Vite empties its `outDir` (toolgen's default manifest folder too) first.
 */
export const unpluginFactory: UnpluginFactory<ToolgenPluginOptions | undefined, false> = (options = {}) => {
  const { project, ...config } = options;
  let last: ProjectBuild | undefined;
  const build = () => {
    try {
      last = buildProject({ ...(project ? { project } : {}), config });
    } catch (error) {
      // A mistake in the project or the options is told in words; a crash keeps its stack for the report.
      if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) throw error;
      throw pluginError(error instanceof Error ? error.message : String(error), error);
    }
    // Thrown, not `this.error`: esbuild's adapter has no `this.error` in `buildStart`.
    if (!last.ok) throw pluginError(`toolgen: the build failed\n${last.report}`);
    if (last.report) process.stderr.write(last.report);
  };
  const generated = (id: string) => last !== undefined && (path.resolve(id) === path.resolve(last.registryModule) || id.includes(".toolgen-"));
  return {
    name: "toolgen",
    buildStart() {
      build();
    },
    watchChange(id) {
      if (/\.[cm]?tsx?$/.test(id) && !generated(id)) build();
    },
    writeBundle() {
      if (!last) return;
      makeDirectory(path.dirname(last.manifest.path));
      writeFileSync(last.manifest.path, last.manifest.content);
    },
  };
};

export const toolgen = /* #__PURE__ */ createUnplugin(unpluginFactory);
export default toolgen;

/**
 * A failed build as the bundler shows it: toolgen's message is the whole story, so no stack of
 * the plugin's own frames follows it, and it names the plugin's option where the CLI's says `-p`.
 */
function pluginError(message: string, cause?: unknown): Error {
  const error = new Error(message.replace(/with -p( <path>)?([.;])/g, "with the plugin's `project` option$2"), cause === undefined ? {} : { cause });
  error.stack = `Error: ${error.message}`;
  return error;
}
