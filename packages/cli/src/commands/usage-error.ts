/** A mistake in how the command was called: printed without a stack, exit 2. */
export class UsageError extends Error {}
