/** A mistake in how the command was called: printed without a stack, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

/**
 * Usage and configuration errors are the user's to fix: one line, exit 2. `ConfigError`
 * (from the shared project code) is recognised by name so this check loads nothing.
 */
export function isReportableError(error: unknown): error is Error {
  return error instanceof Error && (error.name === "UsageError" || error.name === "ConfigError");
}
