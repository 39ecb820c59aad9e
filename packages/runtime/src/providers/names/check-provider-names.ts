import { createNameMap, NameCollisionError } from "./name-map.js";
import { NAME_RULES, type NameRuleId } from "./name-rules.js";

/**
 * The name collisions that no provider's sanitizing can resolve, for a build to report as
 * errors (brief §5: "a collision that remains is a build-time error"). Empty when every
 * provider can tell every tool apart.
 */
export function checkProviderNames(names: readonly string[]): Array<{ provider: NameRuleId; error: NameCollisionError }> {
  const found: Array<{ provider: NameRuleId; error: NameCollisionError }> = [];
  for (const provider of Object.keys(NAME_RULES) as NameRuleId[]) {
    try {
      createNameMap(names, NAME_RULES[provider]);
    } catch (error) {
      if (!(error instanceof NameCollisionError)) throw error;
      found.push({ provider, error });
    }
  }
  return found;
}
