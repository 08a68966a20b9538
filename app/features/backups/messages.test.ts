import { describe, expect, it } from "vitest";
import { describeDuration } from "./messages";

describe("how long a backup took, in words", () => {
  it.each([
    [250, "meno di un secondo"],
    [1000, "1 secondo"],
    [42_400, "42 secondi"],
    [60_000, "1 minuto"],
    [61_000, "1 minuto e 1 secondo"],
    [125_000, "2 minuti e 5 secondi"],
  ])("%i ms: %s", (ms, words) => {
    expect(describeDuration(ms)).toBe(words);
  });
});
