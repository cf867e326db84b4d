import { describe, expect, it } from "vitest";
import { textParts } from "../text-parts";

describe("a post's text in parts", () => {
  it("links its hashtags and its web addresses, a # inside an address being the address's", () => {
    expect(textParts("Great demo #shipit, notes at https://docs.example.com/demo#results. Thanks!")).toEqual([
      { kind: "text", text: "Great demo " },
      { kind: "hashtag", text: "#shipit", tag: "shipit" },
      { kind: "text", text: ", notes at " },
      { kind: "link", text: "https://docs.example.com/demo#results", url: "https://docs.example.com/demo#results", host: "docs.example.com" },
      { kind: "text", text: ". Thanks!" },
    ]);
  });

  it("takes addresses starting with www., and leaves what is not a link as text", () => {
    expect(textParts("(see www.example.org/news)")).toEqual([
      { kind: "text", text: "(see " },
      { kind: "link", text: "www.example.org/news", url: "https://www.example.org/news", host: "www.example.org" },
      { kind: "text", text: ")" },
    ]);
    expect(textParts("http://10.0.0.1/admin and https://user:pw@example.com")).toEqual([{ kind: "text", text: "http://10.0.0.1/admin and https://user:pw@example.com" }]);
    expect(textParts("")).toEqual([]);
  });
});
