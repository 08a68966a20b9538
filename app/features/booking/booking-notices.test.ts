import { describe, expect, it } from "vitest";
import { patientBookedNotice, patientReminderNotice, reminderDay } from "./booking-notices";

const reminderInput = (startsAt: string, sentAt: string) => ({
  appointment: {
    startsAt: new Date(startsAt),
    status: "confirmed",
    patientName: "Maria Rossi",
    patientEmail: "maria@example.it",
    patientPhone: "333 1234567",
    note: null,
  },
  visitTypeName: "Prima visita",
  practitionerName: "Dott.ssa Bianchi",
  place: { name: "Studio di Milano", address: "Via Roma 1, Milano", mapsUrl: null },
  phone: "02 1234567",
  sentAt: new Date(sentAt),
});
const reminder = (startsAt: string, sentAt: string) => patientReminderNotice(reminderInput(startsAt, sentAt));

describe("the reminder's day", () => {
  it("says domani when sent the day before, in Italy", () => {
    // 18:00 in Italy on 9 March for 10:30 on 10 March (winter time, UTC+1).
    const notice = reminder("2026-03-10T09:30:00Z", "2026-03-09T17:00:00Z");
    expect(notice.subject).toBe("Promemoria: Prima visita domani");
    expect(notice.text).toContain("ti ricordo la visita di domani.");
  });

  it("says oggi with the time when caught up on the visit's own day", () => {
    // Sent at 07:10 in Italy, the server having been down the evening before.
    const notice = reminder("2026-03-10T09:30:00Z", "2026-03-10T06:10:00Z");
    expect(notice.subject).toBe("Promemoria: Prima visita oggi alle 10:30");
    expect(notice.text).toContain("ti ricordo la visita di oggi alle 10:30.");
    expect(notice.text).not.toContain("domani");
    expect(notice.html).not.toContain("domani");
  });

  it("counts the day on Italy's clock, not UTC's", () => {
    // 00:30 in Italy in summer (UTC+2) is still the day before in UTC: the same day in Italy.
    expect(reminderDay(new Date("2026-07-10T07:00:00Z"), new Date("2026-07-09T22:30:00Z"))).toBe("oggi alle 09:00");
    // 23:30 in Italy the evening before: domani.
    expect(reminderDay(new Date("2026-07-10T07:00:00Z"), new Date("2026-07-09T21:30:00Z"))).toBe("domani");
  });
});

describe("the visit's price in her e-mails", () => {
  const booked = (price: string | null) =>
    patientBookedNotice({
      ...reminderInput("2026-03-10T09:30:00Z", "2026-03-09T17:00:00Z"),
      manageUrl: "https://studio.test/prenota/gestisci/x",
      changeUrl: "https://studio.test/prenota/gestisci/x?cambia=1",
      cancellationLimitHours: 24,
      price,
    });

  it("is shown when she shows prices, and not otherwise", () => {
    expect(booked("80,00 €").text).toContain("Prezzo: 80,00 €");
    expect(booked("80,00 €").html).toContain("80,00 €");
    expect(booked(null).text).not.toContain("Prezzo");
  });

  it("is in the reminder too", () => {
    const notice = patientReminderNotice({
      ...reminderInput("2026-03-10T09:30:00Z", "2026-03-09T17:00:00Z"),
      price: "45,00 €",
    });
    expect(notice.text).toContain("Prezzo: 45,00 €");
  });
});
