import { checkManifest, isRecord } from "./check-manifest.js";
import { describeJson, ManifestError } from "./manifest-error.js";
import { LEGACY_MANIFEST_FORMAT_VERSION, MANIFEST_FORMAT_VERSION, type LegacyManifest, type Manifest } from "./manifest-format.js";
import { checkLegacyManifest, upgradeManifest } from "./upgrade-manifest.js";

/**
 * A manifest's text to a checked format-2 manifest. Format 1 (the legacy descriptor) is
 * upgraded; any other version, malformed JSON or a field of the wrong shape is a
 * `ManifestError` naming `file` and the field. `file` is only used in messages.
 */
export function parseManifest(text: string, file: string): Manifest {
  return readManifest(text, file).manifest;
}

/** As `parseManifest`, also telling which format the file was written in. */
export function readManifest(text: string, file: string): { manifest: Manifest; formatVersion: 1 | 2 } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(file, [{ path: "$", expected: "JSON", received: `text that does not parse (${(error as Error).message})` }]);
  }
  if (!isRecord(value)) throw new ManifestError(file, [{ path: "$", expected: "an object", received: describeJson(value) }]);
  const version = value.formatVersion;
  if (version === MANIFEST_FORMAT_VERSION) {
    const problems = checkManifest(value);
    if (problems.length > 0) throw new ManifestError(file, problems);
    return { manifest: value as unknown as Manifest, formatVersion: MANIFEST_FORMAT_VERSION };
  }
  if (version === LEGACY_MANIFEST_FORMAT_VERSION) {
    const problems = checkLegacyManifest(value);
    if (problems.length > 0) throw new ManifestError(file, problems);
    return { manifest: upgradeManifest(value as unknown as LegacyManifest), formatVersion: LEGACY_MANIFEST_FORMAT_VERSION };
  }
  const expected = `${LEGACY_MANIFEST_FORMAT_VERSION} or ${MANIFEST_FORMAT_VERSION} (the formats this runtime reads; a newer build needs a newer @toolgen/runtime)`;
  throw new ManifestError(file, [{ path: "$.formatVersion", expected, received: describeJson(version) }]);
}
