import express from "express";
import { describe, expect, it } from "vitest";
import { rememberedTrust } from "./remembered-trust";

/** Express's own trust function for a setting, counting how often it is asked. */
function expressTrust(setting: string | number) {
  const app = express();
  app.set("trust proxy", setting);
  const trust: (address: string, hop: number) => boolean = app.get("trust proxy fn");
  const asked = { times: 0 };
  return { asked, trust: (address: string, hop: number) => (asked.times++, trust(address, hop)) };
}

describe("rememberedTrust", () => {
  it("answers as Express's trust function for each address and hop, asking it once for each", () => {
    const { asked, trust } = expressTrust("loopback");
    const remembered = rememberedTrust(trust);
    for (let i = 0; i < 3; i++) {
      expect(remembered("127.0.0.1", 0)).toBe(true);
      expect(remembered("::1", 0)).toBe(true);
      expect(remembered("203.0.113.9", 0)).toBe(false);
    }
    expect(asked.times).toBe(3);
  });

  it("tells hops apart: with a hop count, the same address is trusted at one hop and not at the next", () => {
    const { trust } = expressTrust(1);
    const remembered = rememberedTrust(trust);
    expect(remembered("10.0.0.2", 0)).toBe(true);
    expect(remembered("10.0.0.2", 1)).toBe(false);
    expect(remembered("10.0.0.2", 0)).toBe(true);
  });

  it("holds a bounded number of answers: addresses a client makes up do not grow it", () => {
    const { asked, trust } = expressTrust("loopback");
    const remembered = rememberedTrust(trust, 10);
    remembered("127.0.0.1", 0);
    for (let i = 0; i < 10; i++) remembered(`203.0.113.${i}`, 1);
    // Full at the eleventh: emptied, so the first is asked again, and still answered right.
    expect(remembered("127.0.0.1", 0)).toBe(true);
    expect(asked.times).toBe(12);
  });
});
