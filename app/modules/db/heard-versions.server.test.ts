import { describe, expect, it } from "vitest";
import type { ChannelHandlers } from "./channel-listener.server";
import { HeardVersions } from "./heard-versions.server";

/** Versions heard on a channel that is always live, with what it was told to hear. */
function heard(limit: number) {
  let handlers: ChannelHandlers | undefined;
  const versions = new HeardVersions((_channel, told) => {
    handlers = told;
    return { live: true, close: async () => {} };
  }, limit);
  let reads = 0;
  const read = (programId: number, name: string) => versions.read(programId, name, async () => String(++reads));
  return { versions, read, hear: (payload: string) => handlers!.message(payload), reads: () => reads };
}

describe("the versions a process hears", () => {
  it("keep each version read until its move is heard, a person's as a program's", async () => {
    const { read, hear, reads } = heard(10);
    await read(1, "person/7");
    await read(1, "person/8");
    await read(1, "person/7");
    expect(reads()).toBe(2);
    hear("person/7:1");
    await read(1, "person/7");
    await read(1, "person/8");
    expect(reads()).toBe(3);
  });

  it("keep no more than their limit: past it, they start over", async () => {
    const { read, versions, reads } = heard(2);
    await read(1, "person/1");
    await read(2, "person/2");
    expect(versions.peek(1, "person/1")).toBe("1");
    await read(3, "person/3");
    expect(versions.peek(1, "person/1")).toBeUndefined();
    expect(versions.peek(3, "person/3")).toBe("3");
    await read(3, "person/3");
    expect(reads()).toBe(3);
  });
});
