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

/**
 * As `readManifest`, but for a format-2 manifest that names a registry module (what toolgen
 * writes) only its head — everything before `entries`, which toolgen writes last, found in
 * `start`, the beginning of the text — is parsed now, and the entries (megabytes for a large
 * registry) when `entries` is first read, from `whole()`, with the same checks. Discovery
 * serving a registry module's own entries never reads them. Anything else is read whole.
 */
export function readManifestLazily(start: string, whole: () => string, file: string): { manifest: Manifest; formatVersion: 1 | 2 } {
  const head = manifestHead(start);
  if (!head) return readManifest(whole(), file);
  let entries: Manifest["entries"] | undefined;
  const manifest = head as Manifest;
  Object.defineProperty(manifest, "entries", { enumerable: true, get: () => (entries ??= readManifest(whole(), file).manifest.entries) });
  return { manifest, formatVersion: MANIFEST_FORMAT_VERSION };
}

/** The fields before `entries`, when they are a checked format-2 head naming a registry module. */
function manifestHead(text: string): Omit<Manifest, "entries"> | undefined {
  const at = text.indexOf('"entries"');
  if (at < 0) return undefined;
  let head: unknown;
  try {
    head = JSON.parse(`${text.slice(0, at).replace(/,\s*$/, "")}}`);
  } catch {
    return undefined;
  }
  if (!isRecord(head) || head.formatVersion !== MANIFEST_FORMAT_VERSION || typeof head.registryModule !== "string") return undefined;
  return checkManifest({ ...head, entries: [] }).length === 0 ? (head as unknown as Omit<Manifest, "entries">) : undefined;
}

/** Where JSON.parse stopped, as an editor shows it (` at line 3, column 5`), from the offset its message gives; empty where it gives none. */
function lineAndColumn(text: string, message: string): string {
  // A file cut short stops at its end, which the message does not number.
  const offset = /at position (\d+)/.exec(message)?.[1] ?? (/end of JSON input/.test(message) ? String(text.length) : undefined);
  if (offset === undefined) return "";
  const before = text.slice(0, Number(offset)).split("\n");
  return ` at line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
}

/** As `parseManifest`, also telling which format the file was written in. */
export function readManifest(text: string, file: string): { manifest: Manifest; formatVersion: 1 | 2 } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ManifestError(file, [{ path: "$", expected: "JSON", received: `text that does not parse${lineAndColumn(text, (error as Error).message)} (${(error as Error).message})` }]);
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
