/** How a tool's default name is derived from its TypeScript identifier. */
export type NamingStyle = "as-is" | "snake_case" | "camelCase" | "kebab-case";

export const NAMING_STYLES: readonly NamingStyle[] = ["as-is", "snake_case", "camelCase", "kebab-case"];

/** Splits `readHTTPResource2` into `read`, `HTTP`, `Resource2`. */
/** The words of an identifier or name: split at separators and at case changes (acronyms kept whole). */
export function words(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .split(/[\s_\-$]+/)
    .filter(Boolean);
}

export function applyNaming(identifier: string, style: NamingStyle): string {
  if (style === "as-is") return identifier;
  const parts = words(identifier).map((w) => w.toLowerCase());
  if (style === "snake_case") return parts.join("_");
  if (style === "kebab-case") return parts.join("-");
  return parts.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join("");
}

/** The widest rule any adapter accepts (MCP's); provider adapters narrow it further. */
export const ENTRY_NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
