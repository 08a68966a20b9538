import { describe, expect, it } from "vitest";
import { MIN_FILL_MS } from "./spam-guard";
import { checkSpam, createFormTimer } from "./spam-guard.server";

describe("spam guard", () => {
  const now = 1_800_000_000_000;
  const timer = createFormTimer("test-secret");
  const started = (token: string) => timer.startedAt(token, now);

  it("lets a person through: empty trap, form open long enough", () => {
    expect(checkSpam({ honeypot: "", startedAt: started(timer.stamp(now - MIN_FILL_MS)) }, now)).toBe("ok");
    expect(checkSpam({ honeypot: null, startedAt: started(timer.stamp(now - 3_600_000)) }, now)).toBe("ok");
  });

  it("catches a filled trap (spaces included) and a form sent too soon, with no or a forged start time", () => {
    expect(checkSpam({ honeypot: "http://x", startedAt: started(timer.stamp(now - 60_000)) }, now)).toBe("honeypot");
    expect(checkSpam({ honeypot: "   ", startedAt: started(timer.stamp(now - 60_000)) }, now)).toBe("honeypot");
    expect(checkSpam({ honeypot: "", startedAt: started(timer.stamp(now - MIN_FILL_MS + 1)) }, now)).toBe("too-fast");
    expect(checkSpam({ honeypot: "", startedAt: null }, now)).toBe("too-fast");
    expect(checkSpam({ honeypot: "", startedAt: started("ieri") }, now)).toBe("too-fast");
    expect(checkSpam({ honeypot: "", startedAt: started(timer.stamp(now + 10_000)) }, now)).toBe("too-fast");
  });

  it("refuses a start time a script wrote itself: a plain timestamp, a changed one, another site's key", () => {
    const token = timer.stamp(now - 60_000);
    expect(started(token)).toBe(now - 60_000);
    expect(started("1")).toBeNull();
    expect(started(String(now - 60_000))).toBeNull();
    expect(started(token.replace(/^\d+/, String(now - 120_000)))).toBeNull();
    expect(started(createFormTimer("another-secret").stamp(now - 60_000))).toBeNull();
    // A form left open for more than a day gets no benefit of the doubt.
    expect(started(timer.stamp(now - 25 * 60 * 60 * 1000))).toBeNull();
  });
});
