/**
 * Something a projection had to change or could not express. A `warning` means the
 * provider's schema is looser than ours (validation at call time still uses ours, so
 * nothing wrong gets through); an `error` means the tool is left out of that provider's list.
 */
export interface ProjectionIssue {
  severity: "warning" | "error";
  /** Our tool name; empty for an issue of the whole list (more tools than the provider takes). */
  tool: string;
  /** JSON Pointer into our input schema. */
  path: string;
  message: string;
}
