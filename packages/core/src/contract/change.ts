/**
 * What a change does to the values a schema accepts: fewer (`narrows`), more (`widens`), some
 * of each or unknown (`changes`: never proven compatible), none but a default (`default`), or
 * nothing a machine checks (`cosmetic`).
 */
export type Effect = "narrows" | "widens" | "changes" | "default" | "cosmetic";

export type ChangeSeverity = "breaking" | "compatible" | "cosmetic";

/** One difference between two schemas, where it is (a JSON Pointer into the value) and what it does. */
export interface SchemaChange {
  path: string;
  code: string;
  effect: Effect;
  message: string;
}

/** One change of a contract, as `toolgen diff` reports it. */
export interface ContractChange {
  entry: string;
  kind: string;
  severity: ChangeSeverity;
  code: string;
  /** A JSON Pointer into the arguments (`/input/…`) or the result (`/output/…`); empty for the entry itself. */
  path: string;
  message: string;
}

export interface ContractDiff {
  bump: "major" | "minor" | "patch" | "none";
  changes: ContractChange[];
}

/**
 * The severity of an effect on arguments (callers send values: fewer accepted breaks them) or
 * on results (consumers read values: more possible breaks them).
 */
export function severityOf(effect: Effect, side: "input" | "output" | "entry"): ChangeSeverity {
  if (effect === "cosmetic") return "cosmetic";
  if (effect === "default") return "compatible";
  if (effect === "changes") return "breaking";
  if (side === "output") return effect === "widens" ? "breaking" : "compatible";
  return effect === "narrows" ? "breaking" : "compatible";
}
