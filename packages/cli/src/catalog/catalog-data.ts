import type { ContractChange, ContractDiff } from "@toolgen/core";
import type { ManifestEntry } from "@toolgen/runtime";
import { NameCollisionError, projectTools, PROVIDERS, type ProjectionIssue } from "@toolgen/runtime/providers";

/** What the catalog page is rendered from (embedded in it as JSON). */
export interface CatalogData {
  package: { name: string; version?: string };
  providers: readonly string[];
  entries: CatalogEntry[];
  /** With `--against`: the contract diff, and what it was against. */
  diff?: { against: string; bump: ContractDiff["bump"]; changes: ContractChange[] };
}

export interface CatalogEntry {
  entry: ManifestEntry;
  /** ~Tokens of the tool's definition per provider (null: the provider leaves it out). Tools only. */
  costs?: Record<string, number | null>;
  /** What each provider's projection had to change. Tools only. */
  issues?: Record<string, Array<Pick<ProjectionIssue, "severity" | "path" | "message">>>;
}

/**
 * The catalog's data: each entry as the manifest has it (without where it is declared and
 * compiled to, which a reader of the catalog does not need), and for tools, what each provider's definition
 * costs and what its projection had to change. The definitions themselves are projected in the
 * page, by the same code, when a provider's tab is opened.
 */
export function catalogData(entries: readonly ManifestEntry[], pkg: CatalogData["package"], diff?: CatalogData["diff"]): CatalogData {
  return {
    package: pkg,
    providers: PROVIDERS,
    entries: entries.map((entry) => {
      const { implementation: _implementation, source: _source, ...shown } = entry;
      if (entry.kind !== "tool") return { entry: shown as ManifestEntry };
      const costs: Record<string, number | null> = {};
      const issues: NonNullable<CatalogEntry["issues"]> = {};
      for (const provider of PROVIDERS) {
        try {
          const projection = projectTools(provider, [entry]);
          const definition = projection.definitions[0];
          costs[provider] = definition === undefined ? null : Math.ceil(JSON.stringify(definition).length / 4);
          if (projection.issues.length > 0) issues[provider] = projection.issues.map(({ severity, path, message }) => ({ severity, path, message }));
        } catch (error) {
          if (!(error instanceof NameCollisionError)) throw error;
          costs[provider] = null;
        }
      }
      return { entry: shown as ManifestEntry, costs, ...(Object.keys(issues).length > 0 ? { issues } : {}) };
    }),
    ...(diff ? { diff } : {}),
  };
}
