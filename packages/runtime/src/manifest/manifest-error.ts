/** One problem in a manifest: the field as a JSON path (`$.entries[2].name`), what was expected, what came. */
export interface ManifestProblem {
  path: string;
  expected: string;
  received: string;
}

/**
 * A manifest the runtime cannot use: malformed JSON, an unsupported format version, a wrong
 * field, a registry module or implementation that is missing. Raised while loading, before
 * any call; the message names the file and every field at fault.
 */
export class ManifestError extends Error {
  readonly file: string;
  readonly problems: readonly ManifestProblem[];
  /** `headline` says what is wrong as a whole: a manifest out of step with the package's compiled code is no invalid one. */
  constructor(file: string, problems: readonly ManifestProblem[], headline = "invalid manifest") {
    const lines = problems.map((p) => `  ${p.path}: expected ${p.expected}, received ${p.received}`);
    super(`${file}: ${headline}${problems.length === 1 ? "" : ` (${problems.length} problems)`}\n${lines.join("\n")}`);
    this.name = "ManifestError";
    this.file = file;
    this.problems = problems;
  }
}

/** A short rendering of a manifest value for a problem report. */
export function describeJson(value: unknown): string {
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (value !== null && typeof value === "object") return "an object";
  const text = JSON.stringify(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
