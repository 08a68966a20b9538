import { describe, expect, it } from "vitest";
import { checkSpam, MIN_FILL_MS } from "./spam-guard";

describe("spam guard", () => {
  const now = 1_800_000_000_000;
  it("lets a person through: empty trap, form open long enough", () => {
    expect(checkSpam({ honeypot: "", startedAt: String(now - MIN_FILL_MS) }, now)).toBe("ok");
    expect(checkSpam({ honeypot: null, startedAt: String(now - 3_600_000) }, now)).toBe("ok");
  });

  it("catches a filled trap and a form sent too soon, with no or a forged start time", () => {
    expect(checkSpam({ honeypot: "http://x", startedAt: String(now - 60_000) }, now)).toBe("honeypot");
    expect(checkSpam({ honeypot: "", startedAt: String(now - MIN_FILL_MS + 1) }, now)).toBe("too-fast");
    expect(checkSpam({ honeypot: "", startedAt: null }, now)).toBe("too-fast");
    expect(checkSpam({ honeypot: "", startedAt: "ieri" }, now)).toBe("too-fast");
    expect(checkSpam({ honeypot: "", startedAt: String(now + 10_000) }, now)).toBe("too-fast");
  });
});
