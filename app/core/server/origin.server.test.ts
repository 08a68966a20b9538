import { describe, expect, it } from "vitest";
import { isMutation, isSameOriginRequest, originAllowed, ownOrigins } from "./origin.server";

const allowed = ownOrigins("http://localhost:3000/admin", "https://studio.example.it");

describe("origin check", () => {
  it("knows which methods change state", () => {
    expect(isMutation("GET")).toBe(false);
    expect(isMutation("head")).toBe(false);
    expect(isMutation("POST")).toBe(true);
    expect(isMutation("DELETE")).toBe(true);
  });

  it("accepts our own origins and refuses any other, including look-alikes and null", () => {
    const check = (origin: string | null, referer: string | null = null, requirePresent = true) =>
      originAllowed({ origin, referer }, allowed, requirePresent);
    expect(check("http://localhost:3000")).toBe(true);
    expect(check("https://studio.example.it")).toBe(true);
    expect(check("https://evil.example")).toBe(false);
    expect(check("https://studio.example.it.evil.example")).toBe(false);
    expect(check("http://localhost:3001")).toBe(false);
    expect(check("null")).toBe(false);
    expect(check("not a url")).toBe(false);
    // Without Origin, the Referer decides.
    expect(check(null, "http://localhost:3000/admin-login")).toBe(true);
    expect(check(null, "https://evil.example/x")).toBe(false);
    // Neither header: refused for admin writes, allowed for the site-wide guard.
    expect(check(null)).toBe(false);
    expect(check(null, null, false)).toBe(true);
    expect(check("https://evil.example", null, false)).toBe(false);
  });

  it("reads the request's own origin", () => {
    const request = new Request("http://127.0.0.1:4000/admin", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:4000" },
    });
    expect(isSameOriginRequest(request, "http://localhost:4000")).toBe(true);
    const foreign = new Request("http://127.0.0.1:4000/admin", {
      method: "POST",
      headers: { Origin: "http://127.0.0.1:4001" },
    });
    expect(isSameOriginRequest(foreign, "http://localhost:4000")).toBe(false);
  });
});
