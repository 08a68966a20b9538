import { describe, expect, it } from "vitest";
import { takenAt } from "./cached-home.ts";

describe("bench:cached-home's paced requests", () => {
  it("send each site the same number of requests, each first in its turn as often as the other", () => {
    const sites = Array.from({ length: 1_000 }, (_, i) => takenAt(i, 2));
    expect(sites.filter((site) => site === 0)).toHaveLength(500);
    const firsts = sites.filter((_, i) => i % 2 === 0);
    expect(firsts.filter((site) => site === 0)).toHaveLength(250);
    // Every turn holds both sites.
    for (let i = 0; i < sites.length; i += 2) expect(new Set(sites.slice(i, i + 2)).size).toBe(2);
  });
});
