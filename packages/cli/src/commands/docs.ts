import { readFileSync } from "node:fs";
import * as path from "node:path";
import { diffManifests } from "@toolgen/core";
import { makeDirectory, readIfExists, writeReplacing } from "@toolgen/transformer/project";
import { catalogData } from "../catalog/catalog-data.js";
import { CATALOG_MARK, renderCatalog } from "../catalog/render-catalog.js";
import { ContractAnalysisError, otherPackageWarning, readContract } from "../contract/read-contract.js";
import { relativePosix } from "../output/diagnostic-json.js";
import { formatDiagnostics } from "../output/print-diagnostics.js";
import { analyzeProject } from "../project/analyze-project.js";
import { UsageError } from "./usage-error.js";

/**
 * `toolgen docs`: a static catalog of what the model sees — every entry, its arguments, its
 * cost per provider and each provider's definition — as `<out>/index.html` (default
 * `docs/tools`), to commit, publish or attach to a pull request. With `--against`, the
 * contract's changes since then are marked.
 */
export function runDocs(options: { project?: string; out?: string; against?: string }): number {
  if (options.out?.trim() === "") throw new UsageError("-o needs a folder (an empty one would mean where the command runs; say . for that).");
  const { entries, diagnostics, info } = analyzeProject(options.project);
  if (diagnostics.some((d) => d.severity === "error")) {
    process.stderr.write(formatDiagnostics(diagnostics, process.cwd()) + "\n");
    return 1;
  }
  let diff;
  if (options.against !== undefined) {
    try {
      const old = readContract(options.against, options.project);
      const { name } = info.packageJson;
      const other = otherPackageWarning(old, { label: "the current sources", packageName: typeof name === "string" ? name : undefined });
      if (other) process.stderr.write(other);
      // Named as from the package, however it was given: the page is committed, and the same sources give the same bytes.
      const against = old.label.startsWith("git:") ? old.label : relativePosix(path.resolve(old.label), info.packageRoot);
      diff = { against, ...diffManifests(old.entries, entries) };
    } catch (error) {
      if (!(error instanceof ContractAnalysisError)) throw error;
      process.stderr.write(`${error.report}\ntoolgen: ${error.message}\n`);
      return 2;
    }
  }
  const pkg = { name: info.packageJson.name ?? path.basename(info.packageRoot), ...(info.packageJson.version ? { version: info.packageJson.version } : {}) };
  const html = renderCatalog(catalogData(entries, pkg, diff), readFileSync(new URL("../page/catalog-page.js", import.meta.url), "utf8"));
  // A folder given is from where the command runs; the default is the package's, as every file the command finds.
  const out = options.out !== undefined ? path.resolve(options.out) : path.join(info.packageRoot, "docs/tools");
  const file = path.join(out, "index.html");
  // Shown as given: an absolute folder absolute, anything else from where the command runs.
  const shownFile = options.out !== undefined && path.isAbsolute(options.out) ? file : path.relative(process.cwd(), file);
  const existing = readIfExists(file);
  if (existing !== undefined && !existing.includes(CATALOG_MARK)) throw new UsageError(`${shownFile} exists and was not written by toolgen docs, so it is not overwritten: give another folder with -o, or delete the file.`);
  try {
    makeDirectory(out);
    writeReplacing(file, html);
  } catch (error) {
    throw new UsageError(`cannot write the catalog to ${shownFile}: ${(error as Error).message}`);
  }
  process.stdout.write(`toolgen: catalog of ${entries.length} ${entries.length === 1 ? "entry" : "entries"} -> ${shownFile}\n`);
  return 0;
}
