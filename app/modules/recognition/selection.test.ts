import { describe, expect, it } from "vitest";
import { addToSelection, pointsValue, readSelection, removeFromSelection, selectionFields, selectionPoints, type Selection } from "./selection";

const fields = (pairs: [string, string][]) => new URLSearchParams(pairs);

describe("a recognition's people as form fields", () => {
  it("read back what they wrote: named people, people given points with what was typed, the groups they came through", () => {
    const selection: Selection = {
      named: [{ employeeId: 7, sources: ["g3", "MY_DOWNLINE"] }],
      pointed: [{ employeeId: 9, sources: [], points: "25" }],
    };
    expect(readSelection(fields(selectionFields(selection)))).toEqual(selection);
    // Without the points (a step that shows them as inputs of its own).
    expect(selectionFields(selection, true)).toEqual([["m", "7:g3,MY_DOWNLINE"], ["pm", "9"]]);
  });

  it("drop what cannot be read, count a person once (with points when both), and keep unknown sources out", () => {
    const read = readSelection(fields([["m", "abc"], ["m", "4:g1,EVERYONE"], ["m", "4"], ["m", "5"], ["pm", "5"], ["pts.5", "12"], ["m", "-1"]]));
    expect(read).toEqual({ named: [{ employeeId: 4, sources: ["g1"] }], pointed: [{ employeeId: 5, sources: [], points: "12" }] });
  });

  it("move someone from named to given points, and break a group up when one of its members is removed", () => {
    let selection: Selection = { named: [], pointed: [] };
    selection = addToSelection(selection, "named", [1, 2], "g8");
    selection = addToSelection(selection, "pointed", [2], null);
    expect(selection).toEqual({ named: [{ employeeId: 1, sources: ["g8"] }], pointed: [{ employeeId: 2, sources: [], points: "" }] });
    const group = addToSelection({ named: [], pointed: [] }, "named", [1, 2, 3], "g8");
    expect(removeFromSelection(group, "named", 2).named).toEqual([
      { employeeId: 1, sources: [] },
      { employeeId: 3, sources: [] },
    ]);
  });

  it("count points typed as positive whole numbers only", () => {
    expect(["10", " 7 ", "0", "-3", "1.5", "1e3", "9999999999", ""].map(pointsValue)).toEqual([10, 7, null, null, null, null, null, null]);
    expect(selectionPoints({ named: [], pointed: [{ employeeId: 1, sources: [], points: "10" }, { employeeId: 2, sources: [], points: "x" }, { employeeId: 3, sources: [], points: "5" }] })).toBe(15);
  });
});
