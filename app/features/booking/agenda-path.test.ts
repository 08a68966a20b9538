import { describe, expect, it } from "vitest";
import { agendaPath } from "./agenda-schema";

// Sunday 6 January 2030, 23:30 in Italy (22:30 UTC): the day in Italy decides the week.
const now = new Date("2030-01-06T22:30:00Z");
const id = "7b0c1e52-64b2-4a39-9d3c-2b1f4d0a9e11";

describe("her e-mail's link into the agenda", () => {
  it("opens a request, whatever its day, in the list of requests on the first page", () => {
    const startsAt = new Date("2030-02-15T08:00:00Z");
    expect(agendaPath({ id, status: "pending", startsAt }, now)).toBe(`/admin/agenda#appuntamento-${id}`);
  });

  it("opens a visit on the week's page that shows its day in Italy", () => {
    const at = (iso: string) => agendaPath({ id, status: "confirmed", startsAt: new Date(iso) }, now);
    expect(at("2030-01-12T08:00:00Z")).toBe(`/admin/agenda#appuntamento-${id}`);
    // 40 days ahead: the sixth page from today's (weeks 5 and 6 show days 35 to 48).
    expect(at("2030-02-15T08:00:00Z")).toBe(`/admin/agenda?settimana=5#appuntamento-${id}`);
    // 7 January 00:30 in Italy is still 6 January in UTC: one day ahead, on the first page.
    expect(at("2030-01-06T23:30:00Z")).toBe(`/admin/agenda#appuntamento-${id}`);
  });
});
