/** A description that tells the model the default, for a schema that cannot carry `default`. */
export function describeDefault(description: unknown, value: unknown): string {
  return typeof description === "string" ? `${description} (default: ${JSON.stringify(value)})` : `Default: ${JSON.stringify(value)}.`;
}
