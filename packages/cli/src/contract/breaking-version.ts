/**
 * Whether a package's version announces a breaking change since an earlier one, as semantic
 * versioning and npm's caret ranges read versions: the major version counts, and below 1.0.0
 * the first part that is not zero (`^0.3.1` takes no 0.4.0, `^0.0.3` no 0.0.4).
 */

/** A version's breaking part: `[2]` for 2.1.0, `[0, 3]` for 0.3.1, `[0, 0, 3]` for 0.0.3; undefined for no semantic version. */
function breakingPart(version: string | undefined): number[] | undefined {
  // npm also reads `v1.2.3` and `=1.2.3`; `3.0` is no semantic version.
  const match = version === undefined ? null : /^[v=]?(\d+)\.(\d+)\.(\d+)(?:[-+]|$)/.exec(version.trim());
  if (!match) return undefined;
  const [major, minor, patch] = match.slice(1).map(Number) as [number, number, number];
  return major > 0 ? [major] : minor > 0 ? [0, minor] : [0, 0, patch];
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? -1) !== (b[i] ?? -1)) return (a[i] ?? -1) - (b[i] ?? -1);
  return 0;
}

/** The version after `version` that announces a breaking change (`2.0.0` after 1.4.0, `0.4.0` after 0.3.1). */
function nextBreaking(part: number[]): string {
  const raised = [...part, 0, 0].slice(0, 3);
  raised[part.length - 1]! += 1;
  return raised.join(".");
}

export type VersionVerdict = { announced: true; why: string } | { announced: false; why: string };

/**
 * `old` is the earlier side's version and label (`git:v1.4.0`), `current` package.json's. An
 * earlier side with no semantic version promised nothing: any version now is the first.
 */
export function breakingVersion(old: { label: string; version: string | undefined }, current: string | undefined): VersionVerdict {
  const [was, is] = [breakingPart(old.version), breakingPart(current)];
  const named = (side: string, version: string | undefined) => (version === undefined ? `${side} states no version` : `${side}'s version ${JSON.stringify(version)} is no semantic version`);
  if (is === undefined) {
    const needed = was === undefined ? "give it a semantic version" : `give it ${nextBreaking(was)} or above`;
    return { announced: false, why: `${named("package.json", current)}; ${needed}` };
  }
  if (was === undefined) return { announced: true, why: `${named(old.label, old.version)}, and package.json now states ${current!.trim()}` };
  if (compare(is, was) > 0) return { announced: true, why: `the version went from ${old.version!.trim()} to ${current!.trim()}` };
  const which = was.length === 1 ? "major version" : was.length === 2 ? "minor version (below 1.0.0 it is the breaking one)" : "patch version (below 0.1.0 it is the breaking one)";
  return { announced: false, why: `the version is ${current!.trim()} and was ${old.version!.trim()} in ${old.label}; raise the ${which} to ${nextBreaking(was)}` };
}
