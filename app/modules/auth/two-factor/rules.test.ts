import { describe, expect, it } from "vitest";
import { formatPhone, toE164 } from "./rules";

describe("phone numbers", () => {
  it("are stored in E.164 whatever the typing, and need their country code", () => {
    expect(toE164("+1 (555) 010-0999")).toBe("+15550100999");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("555-0199")).toBeNull();
    expect(toE164("+999 123")).toBeNull();
  });

  it("are shown as their country writes them, not as ten digits", () => {
    expect(formatPhone("+15550100123")).toBe("+1 555 010 0123");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhone("+491701234567")).toBe("+49 170 1234567");
  });
});
