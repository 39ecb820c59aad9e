import { createServer } from "node:net";
import * as path from "node:path";
import { build, type Metafile } from "esbuild";

/** Debian's Chromium, which `.ci/run` installs (`apt-get install chromium`); driven by playwright-core. */
export const CHROMIUM = "/usr/bin/chromium";

export type Platform = "node" | "browser" | "neutral";

/**
 * Bundles `entry` of a project with esbuild the way a user targets each platform, minified,
 * into `<project>/bundles/`; returns the file. `neutral` (Workers, Deno, Bun) resolves the
 * way Cloudflare's and Deno's bundlers do: ES module fields first, then `main`. Fails on any
 * warning — an unresolved or Node-only import would be one.
 */
export async function bundle(project: string, entry: string, platform: Platform): Promise<string> {
  return (await bundleWithMetafile(project, entry, platform)).file;
}

/** `bundle`, with esbuild's metafile (every input and import) beside the file. */
export async function bundleWithMetafile(project: string, entry: string, platform: Platform, options: { external?: string[] } = {}): Promise<{ file: string; metafile: Metafile }> {
  const outfile = path.join(project, "bundles", platform, `${path.basename(entry, path.extname(entry))}.mjs`);
  const result = await build({
    entryPoints: [path.join(project, entry)],
    absWorkingDir: project,
    bundle: true,
    format: "esm",
    platform,
    ...(platform === "neutral" ? { mainFields: ["module", "main"] } : {}),
    minify: true,
    outfile,
    metafile: true,
    external: options.external ?? [],
    logLevel: "silent",
  });
  if (result.warnings.length) throw new Error(`esbuild warned bundling ${entry} for ${platform}: ${result.warnings.map((w) => w.text).join("; ")}`);
  return { file: outfile, metafile: result.metafile };
}

/** A port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
