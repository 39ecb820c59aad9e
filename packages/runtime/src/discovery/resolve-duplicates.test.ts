import { describe, expect, it } from "vitest";
import type { ManifestEntry } from "../manifest/manifest-format.js";
import type { DiscoveredManifest } from "./discover-manifests.js";
import { DiscoveryError } from "./discovery-error.js";
import { resolveDuplicates } from "./resolve-duplicates.js";

/** An installed package's manifest, as discovery found it. */
function from(packageName: string): DiscoveredManifest {
  return { packageName, packageVersion: "1.0.0", packageRoot: `/app/node_modules/${packageName}`, manifestPath: `/app/node_modules/${packageName}/toolgen.manifest.json`, displayPath: `node_modules/${packageName}/toolgen.manifest.json`, formatVersion: 2, manifest: { formatVersion: 2, package: { name: packageName }, entries: [] } };
}

function resource(name: string, uris: string[], origin: DiscoveredManifest) {
  const entry = { kind: "resource", name, uris } as unknown as ManifestEntry;
  return { definition: { entry, origin: `${origin.packageName} (${origin.displayPath})` }, from: origin };
}

describe("names and URIs several packages provide", () => {
  it("a static URI two packages' resources serve is an error naming both, unless an override keyed by the URI keeps one", () => {
    const [a, b] = [from("@x/pa"), from("@x/pb")];
    const both = [resource("readme_a", ["docs://readme"], a), resource("readme_b", ["docs://readme"], b)];
    const error = (() => {
      try {
        resolveDuplicates(both, {}, new Map());
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(DiscoveryError);
    expect((error as Error).message).toBe(`The URI 'docs://readme' is served by 'readme_a' of @x/pa (node_modules/@x/pa/toolgen.manifest.json) and by 'readme_b' of @x/pb (node_modules/@x/pb/toolgen.manifest.json): a client reads a URI from one resource. Choose the package to keep with overrides: { "docs://readme": "@x/pb" }, or remove one.`);
    // An override keyed by the URI keeps one package's entry.
    expect(resolveDuplicates(both, { "docs://readme": "@x/pb" }, new Map()).map((d) => d.entry.name)).toEqual(["readme_b"]);
    expect(() => resolveDuplicates(both, { "docs://readme": "@x/pc" }, new Map())).toThrow("The override for the URI 'docs://readme' chooses @x/pc, which does not serve it (served by: @x/pa, @x/pb).");
    // Templates may overlap (the most specific wins), and one package's URIs are its registry's to check.
    expect(resolveDuplicates([resource("files_a", ["file:///{path}"], a), resource("files_b", ["file:///{path}"], b)], {}, new Map())).toHaveLength(2);
    expect(resolveDuplicates([both[0]!], {}, new Map())).toHaveLength(1);
  });
});
