import { describe, expect, it } from "vitest";
import { loggedUrl } from "./logged-url";

describe("the URL a request is logged with", () => {
  it("hides the agenda feed's token, whatever follows it", () => {
    const token = "q7Vx0cA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S";
    expect(loggedUrl(`/agenda/${token}.ics`)).toBe("/agenda/[token]");
    expect(loggedUrl(`/agenda/${token}.ics?x=1`)).toBe("/agenda/[token]");
    expect(loggedUrl(`/agenda/${token}`)).toBe("/agenda/[token]");
    expect(loggedUrl(`/agenda/${token}/altro`)).toBe("/agenda/[token]/altro");
  });

  it("hides a patient's booking link token", () => {
    expect(loggedUrl("/prenota/gestisci/Zx9_abcDEF123-ghi?cambia=1")).toBe("/prenota/gestisci/[token]");
    expect(loggedUrl("/prenota/gestisci/Zx9_abcDEF123-ghi.data")).toBe("/prenota/gestisci/[token]");
    expect(loggedUrl("/prenota?sede=studio-di-milano")).toBe("/prenota");
  });

  it("keeps other paths and drops every query", () => {
    expect(loggedUrl("/admin/agenda")).toBe("/admin/agenda");
    expect(loggedUrl("/reviews?invito=segreto")).toBe("/reviews");
    expect(loggedUrl("/")).toBe("/");
    expect(loggedUrl(undefined)).toBeUndefined();
  });
});
