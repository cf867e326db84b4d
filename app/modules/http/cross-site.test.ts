import { describe, expect, it } from "vitest";
import { isCrossSite, type OriginHeaders } from "./cross-site";

const own = "http://acme.localhost:3000";
const headers = (given: Partial<OriginHeaders>): OriginHeaders => ({ origin: null, secFetchSite: null, referer: null, ...given });

describe("a cross-site form post", () => {
  it("is told by Origin when sent: scheme, host and port", () => {
    expect(isCrossSite(headers({ origin: own }), own)).toBe(false);
    for (const origin of ["https://acme.localhost:3000", "http://acme.localhost:3001", "http://globex.localhost:3000", "null", "not a url"]) {
      expect(isCrossSite(headers({ origin, secFetchSite: "same-origin" }), own)).toBe(true);
    }
  });

  it("is told by Sec-Fetch-Site without Origin: a sibling program's page is not this site", () => {
    expect(isCrossSite(headers({ secFetchSite: "same-origin" }), own)).toBe(false);
    expect(isCrossSite(headers({ secFetchSite: "none" }), own)).toBe(false);
    expect(isCrossSite(headers({ secFetchSite: "cross-site", referer: `${own}/feed` }), own)).toBe(true);
    expect(isCrossSite(headers({ secFetchSite: "same-site" }), own)).toBe(true);
  });

  it("is told by Referer when neither is sent, and a request that says nothing is let through", () => {
    expect(isCrossSite(headers({ referer: `${own}/feed` }), own)).toBe(false);
    expect(isCrossSite(headers({ referer: "https://evil.example/form" }), own)).toBe(true);
    expect(isCrossSite(headers({ referer: "garbage" }), own)).toBe(true);
    expect(isCrossSite(headers({}), own)).toBe(false);
  });
});
