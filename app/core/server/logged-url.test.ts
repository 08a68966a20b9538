import { describe, expect, it } from "vitest";
import { urlForLogs } from "./logged-url";

const loggedUrl = urlForLogs(["agenda/:file", "prenota/gestisci/:token"]);

describe("the URL a request is logged with", () => {
  it("hides the dynamic segment of a token route, whatever follows it", () => {
    const token = "q7Vx0cA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S";
    expect(loggedUrl(`/agenda/${token}.ics`)).toBe("/agenda/[token]");
    expect(loggedUrl(`/agenda/${token}.ics?x=1`)).toBe("/agenda/[token]");
    expect(loggedUrl(`/agenda/${token}`)).toBe("/agenda/[token]");
    expect(loggedUrl(`/agenda/${token}/altro`)).toBe("/agenda/[token]/altro");
    expect(loggedUrl("/prenota/gestisci/Zx9_abcDEF123-ghi?cambia=1")).toBe("/prenota/gestisci/[token]");
    expect(loggedUrl("/prenota/gestisci/Zx9_abcDEF123-ghi.data")).toBe("/prenota/gestisci/[token]");
  });

  it("keeps other paths and drops every query", () => {
    expect(loggedUrl("/prenota?sede=studio-di-milano")).toBe("/prenota");
    expect(loggedUrl("/admin/agenda")).toBe("/admin/agenda");
    expect(loggedUrl("/agendaX/abc")).toBe("/agendaX/abc");
    expect(loggedUrl("/reviews?invito=segreto")).toBe("/reviews");
    expect(loggedUrl("/")).toBe("/");
    expect(loggedUrl(undefined)).toBeUndefined();
  });
});
