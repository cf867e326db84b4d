import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it.each(["/feed", "/transaction-history/my-points?page=2", "/post/5#comments", "/a/b/c"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "https://evil.example/feed",
    "http:evil.example",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "%252F%252Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "feed",
    "",
    " //evil.example",
    "\\\\evil.example",
    "%E0%A4%A",
    "/@evil.example/..//evil.example",
    "/a/../..//evil.example",
  ])("sends the hostile target %j to /feed", (target) => {
    expect(safeRedirectPath(target)).toBe("/feed");
  });

  it("ignores non-strings and uses the given fallback", () => {
    expect(safeRedirectPath(undefined)).toBe("/feed");
    expect(safeRedirectPath(null, "/login")).toBe("/login");
  });
});
