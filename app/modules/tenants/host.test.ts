import { describe, expect, it } from "vitest";
import { subdomainFromHost } from "./host";

describe("subdomainFromHost", () => {
  it.each([
    ["acme.localhost:3000", "acme"],
    ["acme.example.com", "acme"],
    ["ACME.Example.com.", "acme"],
    ["globex.recognize.example.co.uk", "globex"],
    ["localhost:3000", null],
    ["localhost", null],
    ["127.0.0.1:3000", null],
    ["[::1]:3000", null],
    ["example.com", null],
    ["", null],
  ])("%s names %s", (host, expected) => {
    expect(subdomainFromHost(host)).toBe(expected);
  });
});
