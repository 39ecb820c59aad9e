import { describe, expect, it } from "vitest";
import { convertArguments } from "./convert-arguments.js";

const WHEN = "2026-01-01T00:00:00Z";

describe("convertArguments: the keys a wildcard stands for (match)", () => {
  it("converts a tuple's rest items and not the element before them", () => {
    const args = convertArguments({ series: [WHEN, WHEN, WHEN] }, [{ op: "date", at: "/series/*", match: ["^(?!(?:0)$)"] }]);
    expect((args.series as unknown[]).map((v) => v instanceof Date)).toEqual([false, true, true]);
  });

  it("converts the keys of a template-literal index signature and not a property beside them", () => {
    const args = convertArguments({ slots: { label: WHEN, "at-a": WHEN } }, [{ op: "date", at: "/slots/*", match: ["^at-([\\s\\S]*)$"] }]);
    expect(args.slots).toEqual({ label: WHEN, "at-a": new Date(WHEN) });
  });

  it("leaves out the properties a pattern also matches: each has its own conversions", () => {
    const match = ["^(?!(?:label|at-note)$)(?=[\\s\\S]*?(?:^at-([\\s\\S]*)$))"];
    const args = convertArguments({ slots: { label: WHEN, "at-note": WHEN, "at-a": WHEN } }, [{ op: "date", at: "/slots/*", match }]);
    expect(args.slots).toEqual({ label: WHEN, "at-note": WHEN, "at-a": new Date(WHEN) });
  });

  it("counts each wildcard of the path apart, nulls standing for any key", () => {
    const args = convertArguments({ rows: [{ id: WHEN, "t-1": WHEN }, { id: "x", "t-2": WHEN }] }, [{ op: "date", at: "/rows/*/*", match: [null, "^t-"] }]);
    expect(args.rows).toEqual([{ id: WHEN, "t-1": new Date(WHEN) }, { id: "x", "t-2": new Date(WHEN) }]);
  });

  it("renames only under the keys matched, and every key without match (as a manifest written before match)", () => {
    const conversions = [{ op: "rename" as const, at: "/m/*", from: "pos_x", to: "x", match: ["^p-"] }];
    expect(convertArguments({ m: { "p-1": { pos_x: 1 }, q: { pos_x: 2 } } }, conversions)).toEqual({ m: { "p-1": { x: 1 }, q: { pos_x: 2 } } });
    expect(convertArguments({ m: { a: WHEN, b: WHEN } }, [{ op: "date", at: "/m/*" }])).toEqual({ m: { a: new Date(WHEN), b: new Date(WHEN) } });
  });
});
