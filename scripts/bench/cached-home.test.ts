import { describe, expect, it } from "vitest";
import { takenAt, wrkLoad } from "./cached-home.ts";

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

describe("bench:cached-home's reading of wrk", () => {
  it("reads a p99 given in seconds, which wrk prints with a trailing space", () => {
    const report = [
      "  Latency Distribution",
      "     50%   16.26ms",
      "     99%    1.01s ",
      "  6271 requests in 5.12s, 104.28MB read",
      "Requests/sec:   1225.23",
    ].join("\n");
    expect(wrkLoad(report)).toMatchObject({ rps: 1225.23, p99: 1010, failures: 0 });
  });
});
