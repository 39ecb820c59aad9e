import { errorOutcome, type ErrorOutcome } from "../outcome/outcome.js";
import { messageOf } from "./serialize-result.js";

/**
 * Typed calls (`registry.call`) pass arguments as the TypeScript functions declare them —
 * a `Date` where the schema says `format: date-time`. Validation works on the JSON form a
 * model would send, so typed arguments go through JSON first (`Date` → ISO string, `toJSON`
 * honoured); the conversions turn them back after validation. Values JSON cannot carry, or
 * would carry as `null` (`NaN`, an Invalid Date), are `invalid_arguments`.
 */
export function toJsonArguments(name: string, args: unknown): { ok: true; value: unknown } | { ok: false; outcome: ErrorOutcome } {
  if (args === undefined) return { ok: true, value: undefined };
  try {
    // What JSON would write as null, refused: `NaN`, `Infinity`, an Invalid Date (the null-as-absent repair then dropped it unsaid).
    const text = JSON.stringify(args, function (this: Record<string, unknown>, key, value: unknown) {
      const own = this[key];
      if ((typeof own === "number" && !Number.isFinite(own)) || (own instanceof Date && Number.isNaN(own.getTime()))) throw new Error(own instanceof Date ? "an Invalid Date" : String(own));
      return value;
    });
    return { ok: true, value: text === undefined ? undefined : JSON.parse(text) };
  } catch (error) {
    const issue = { path: "", expected: "arguments JSON can carry", received: `a value JSON.stringify refuses (${messageOf(error)})` };
    return { ok: false, outcome: errorOutcome("invalid_arguments", `Invalid arguments for '${name}': ${issue.received}.`, { issues: [issue] }) };
  }
}
