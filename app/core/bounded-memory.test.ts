import { describe, expect, it } from "vitest";
import { boundedMemory } from "./bounded-memory";

describe("boundedMemory", () => {
  it("works an answer out once per key, and forgets them all when full rather than growing", () => {
    const remember = boundedMemory<string, number>(3);
    let worked = 0;
    const lengthOf = (key: string) => remember(key, () => (worked++, key.length));
    expect([lengthOf("a"), lengthOf("bb"), lengthOf("a"), lengthOf("bb")]).toEqual([1, 2, 1, 2]);
    expect(worked).toBe(2);
    lengthOf("ccc");
    // The fourth key finds it full: all forgotten, so "a" is worked out again (and still right).
    lengthOf("dddd");
    expect(lengthOf("a")).toBe(1);
    expect(worked).toBe(5);
  });
});
