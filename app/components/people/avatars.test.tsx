import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Avatar } from "~/components/shell/avatar";
import { GroupAvatar, groupColour } from "./group-avatar";

describe("avatars", () => {
  it("colour a person by id modulo 9 and a group by the sum of its name's characters modulo 9", () => {
    // "Sales": 83 + 97 + 108 + 101 + 115 = 504, and 504 % 9 = 0; "Marketing" sums to 930, 930 % 9 = 3.
    expect(groupColour("Sales")).toBe("bg-sky-700");
    expect(groupColour("Marketing")).toBe("bg-rose-700");
    expect(renderToStaticMarkup(<Avatar id={10} firstName="emery" lastName="employee" />)).toContain("bg-emerald-700");
    expect(renderToStaticMarkup(<Avatar id={10} firstName="emery" lastName="employee" />)).toContain(">EE<");
  });

  it("give a group the first letters of its first two words", () => {
    expect(renderToStaticMarkup(<GroupAvatar name="People & Culture" />)).toContain(">PC<");
    expect(renderToStaticMarkup(<GroupAvatar name="Engineering" />)).toContain(">E<");
  });
});
