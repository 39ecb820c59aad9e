import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findSimilarNames, namesAlike } from "./similar-names.js";

/** Every name against every earlier one: what `findSimilarNames` must give, only slower. */
function comparingAllPairs(names: readonly string[]): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  names.forEach((name, i) => {
    const j = names.slice(0, i).findIndex((earlier) => namesAlike(name, earlier));
    if (j >= 0) found.push([i, j]);
  });
  return found;
}

const WORDS = ["get", "list", "item", "items", "users", "weather", "staged", "unstaged", "v1", "v2", "report", "reported"];
const name = fc.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), fc.constantFrom("_", "-", ".", "")).map(([w, separator]) => w.join(separator));

describe("similar names", () => {
  it("finds for each name the first earlier name it is like, as comparing all pairs does", () => {
    let alike = 0;
    fc.assert(
      fc.property(fc.array(name, { minLength: 10, maxLength: 40 }), (names) => {
        const found = findSimilarNames(names);
        expect(found).toEqual(comparingAllPairs(names));
        alike += found.length;
      }),
      { numRuns: 300 },
    );
    expect(alike).toBeGreaterThan(300);
  });

  it("tells apart what differs by a number or a negating prefix, not by a letter", () => {
    expect(findSimilarNames(["get_weather", "get-weather", "list_items", "list_item", "git_diff_staged", "git_diff_unstaged", "report_v1", "report_v2"])).toEqual([
      [1, 0],
      [3, 2],
    ]);
    // Prefixes swapped and opposite words set names apart too; a plural or a letter does not.
    expect(findSimilarNames(["undo_change", "redo_change", "encrypt_data", "decrypt_data", "import_csv", "export_csv", "get_config", "set_config", "min_value", "max_value", "minimum_size", "maximum_size", "getter_value", "setter_value"])).toEqual([]);
    expect(findSimilarNames(["get_config", "get_configs", "bet_config"])).toEqual([[1, 0], [2, 0]]);
    // Two verbs are two operations, not a typo.
    expect(findSimilarNames(["send_message", "read_message", "get_file_info", "put_file_info", "load_settings", "save_settings"])).toEqual([]);
    // A number on one side only is still a number: a version, not a typo.
    expect(findSimilarNames(["fetch_report", "fetch_report2", "sync_report2", "sync_report", "sync_reports"])).toEqual([[4, 3]]);
    // Two letters swapped for two others: four characters in one name only, still two edits.
    expect(findSimilarNames(["fetch_weather_mk", "fetch_weather_qz"])).toEqual([[1, 0]]);
  });
});
