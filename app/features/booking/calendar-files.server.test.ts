import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import {
  type CalendarAppointment,
  type FeedEntry,
  firstNameAndInitial,
  patientEventFile,
  practitionerFeedFile,
} from "./calendar-files.server";

/** The file parsed back as a calendar reads it: the calendar and its events. */
function parse(file: string) {
  const calendar = new ICAL.Component(ICAL.parse(file));
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      utc: event.startDate.zone?.tzid === "UTC",
      status: vevent.getFirstPropertyValue("status"),
      sequence: Number(vevent.getFirstPropertyValue("sequence")),
      stamp: vevent.getFirstPropertyValue("dtstamp")?.toString(),
    };
  });
  return { calendar, events };
}

const siteHost = "giuliaferrari-nutrizionista.it";
const now = new Date("2030-01-02T10:00:00Z");
const appointment = {
  id: "6f1c0b7e-3f7a-4c55-9a43-0d5a3b6e2c11",
  startsAt: new Date("2030-01-07T08:00:00Z"),
  endsAt: new Date("2030-01-07T09:00:00Z"),
  status: "confirmed" as const,
  sequence: 0,
};
const studio = {
  name: "Studio di Milano",
  address: "Via Giuseppe Verdi 18, 20121 Milano (MI)",
  mapsUrl: "https://www.google.com/maps/search/?api=1&query=Via%20Giuseppe%20Verdi%2018%2C%2020121%20Milano",
};

describe("the patient's calendar file", () => {
  const file = patientEventFile({
    appointment,
    visitTypeName: "Prima visita",
    practitionerName: "Dott.ssa Giulia Ferrari",
    studio,
    siteHost,
    now,
  });

  it("is iCalendar a calendar reads back: one event, its time, place and who with", () => {
    const { calendar, events } = parse(file);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(calendar.getFirstPropertyValue("prodid")).toContain(siteHost);
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/Rome");
    expect(events).toEqual([
      {
        uid: `appointment-${appointment.id}@${siteHost}`,
        summary: "Prima visita – Dott.ssa Giulia Ferrari",
        location: "Studio di Milano, Via Giuseppe Verdi 18, 20121 Milano (MI)",
        description: `Prima visita con la Dott.ssa Giulia Ferrari, 7 gennaio 2030 alle ore 09:00 (ora italiana).\nStudio di Milano, Via Giuseppe Verdi 18, 20121 Milano (MI)\nMappa: ${studio.mapsUrl}`,
        start: "2030-01-07T08:00:00.000Z",
        end: "2030-01-07T09:00:00.000Z",
        utc: true,
        status: "CONFIRMED",
        sequence: 0,
        stamp: "2030-01-02T10:00:00Z",
      },
    ]);
  });

  it("names the practice as ORGANIZER (name, mailto:) when it has an address, and none otherwise", () => {
    const organized = patientEventFile({
      appointment: { ...appointment, status: "cancelled", sequence: 2 },
      visitTypeName: "Prima visita",
      practitionerName: "Dott.ssa Giulia Ferrari",
      studio,
      siteHost,
      organizer: { name: "Dott.ssa Giulia Ferrari", email: "studio@example.it" },
      now,
    });
    const vevent = parse(organized).calendar.getFirstSubcomponent("vevent")!;
    expect(vevent.getFirstPropertyValue("organizer")).toBe("mailto:studio@example.it");
    expect(vevent.getFirstProperty("organizer")!.getParameter("cn")).toBe("Dott.ssa Giulia Ferrari");
    expect(parse(file).calendar.getFirstSubcomponent("vevent")!.getFirstProperty("organizer")).toBeNull();
  });

  it("follows RFC 5545's lines: CRLF, none longer than 75 octets", () => {
    expect(file).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(file.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(file.replaceAll("\r\n", "")).not.toContain("\n");
  });

  it("says a request is to be confirmed, and an online visit has no address", () => {
    const { events } = parse(
      patientEventFile({
        appointment: { ...appointment, status: "pending" },
        visitTypeName: "Visita online",
        practitionerName: "Dott.ssa Giulia Ferrari",
        studio: null,
        siteHost,
        now,
      }),
    );
    expect(events[0]).toMatchObject({
      summary: "Visita online – Dott.ssa Giulia Ferrari (da confermare)",
      location: "Visita online",
      status: "TENTATIVE",
    });
    expect(events[0]!.description).toContain("Richiesta in attesa di conferma");
    expect(events[0]!.description).toContain("Visita online.");
  });

  it("writes summer-time visits at their exact instant", () => {
    const july = {
      ...appointment,
      startsAt: new Date("2030-07-08T07:00:00Z"),
      endsAt: new Date("2030-07-08T07:45:00Z"),
    };
    const { events } = parse(
      patientEventFile({
        appointment: july,
        visitTypeName: "Controllo",
        practitionerName: "G. F.",
        studio,
        siteHost,
        now,
      }),
    );
    expect(events[0]).toMatchObject({ start: "2030-07-08T07:00:00.000Z", end: "2030-07-08T07:45:00.000Z" });
    expect(events[0]!.description).toContain("8 luglio 2030 alle ore 09:00");
  });
});

describe("the patient's event over the appointment's life (RFC 5545/5546)", () => {
  const fileOf = (state: Partial<Omit<CalendarAppointment, "id">> & { sequence: number }) =>
    parse(
      patientEventFile({
        appointment: { ...appointment, ...state },
        visitTypeName: "Prima visita",
        practitionerName: "Dott.ssa Giulia Ferrari",
        studio,
        siteHost,
        now,
      }),
    );

  it("keeps one UID and carries the appointment's rising SEQUENCE, so a move replaces the old time", () => {
    const booked = fileOf({ sequence: 0 });
    const moved = fileOf({
      sequence: 1,
      startsAt: new Date("2030-01-09T10:00:00Z"),
      endsAt: new Date("2030-01-09T11:00:00Z"),
    });
    expect(moved.events[0]!.uid).toBe(booked.events[0]!.uid);
    expect(moved.events[0]!.sequence).toBeGreaterThan(booked.events[0]!.sequence);
    expect(moved.calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(moved.events[0]!.start).toBe("2030-01-09T10:00:00.000Z");
  });

  it.each(["cancelled", "declined"] as const)(
    "when %s, is a METHOD:CANCEL of the same UID with STATUS:CANCELLED",
    (status) => {
      const booked = fileOf({ sequence: 0 });
      const withdrawn = fileOf({ sequence: 2, status });
      expect(withdrawn.calendar.getFirstPropertyValue("method")).toBe("CANCEL");
      expect(withdrawn.events).toHaveLength(1);
      expect(withdrawn.events[0]).toMatchObject({ uid: booked.events[0]!.uid, status: "CANCELLED", sequence: 2 });
    },
  );
});

describe("the practitioner's feed", () => {
  const entries: FeedEntry[] = [
    {
      ...appointment,
      visitTypeName: "Prima visita",
      patientName: "Maria Grazia Rossi",
      studioKey: "studio-di-milano",
    },
    {
      id: "0b9e7c52-8d1e-4a8f-b6d2-5f0e2a7c9d33",
      startsAt: new Date("2030-01-08T14:00:00Z"),
      endsAt: new Date("2030-01-08T14:30:00Z"),
      status: "pending",
      visitTypeName: "Controllo",
      patientName: "Luca Bianchi",
      studioKey: null,
    },
  ];
  const feed = practitionerFeedFile({
    entries,
    studioNames: new Map([["studio-di-milano", "Studio di Milano"]]),
    calendarName: "Agenda – Dott.ssa Giulia Ferrari",
    siteHost,
    now,
  });

  it("lists each appointment with its time, place, type and the patient's first name and initial", () => {
    const { calendar, events } = parse(feed);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("Agenda – Dott.ssa Giulia Ferrari");
    expect(
      events.map(({ uid, summary, location, start, end, status }) => ({ uid, summary, location, start, end, status })),
    ).toEqual([
      {
        uid: `appointment-${appointment.id}@${siteHost}`,
        summary: "Prima visita – Maria R.",
        location: "Studio di Milano",
        start: "2030-01-07T08:00:00.000Z",
        end: "2030-01-07T09:00:00.000Z",
        status: "CONFIRMED",
      },
      {
        uid: `appointment-0b9e7c52-8d1e-4a8f-b6d2-5f0e2a7c9d33@${siteHost}`,
        summary: "Richiesta: Controllo – Luca B.",
        location: "Online",
        start: "2030-01-08T14:00:00.000Z",
        end: "2030-01-08T14:30:00.000Z",
        status: "TENTATIVE",
      },
    ]);
  });

  it("carries nothing private: no surname, contacts or note, whatever the entries hold", () => {
    const withContacts = entries.map((entry) => ({
      ...entry,
      patientEmail: "maria.rossi@example.it",
      patientPhone: "+39 333 123 4567",
      note: "Intolleranza al lattosio",
    }));
    const file = practitionerFeedFile({
      entries: withContacts,
      studioNames: new Map(),
      calendarName: "Agenda",
      siteHost,
      now,
    });
    for (const secret of ["Rossi", "Grazia", "Bianchi", "maria.rossi", "example.it", "333", "lattosio"])
      expect(file, secret).not.toContain(secret);
    expect(parse(file).events.map((event) => event.description)).toEqual([null, null]);
  });

  it("is a valid empty calendar when nothing is booked", () => {
    const { calendar, events } = parse(
      practitionerFeedFile({ entries: [], studioNames: new Map(), calendarName: "Agenda", siteHost, now }),
    );
    expect(calendar.name).toBe("vcalendar");
    expect(events).toEqual([]);
  });
});

describe("a patient's name in the feed", () => {
  it("is the first name and the initial of the last", () => {
    expect(firstNameAndInitial("Maria Rossi")).toBe("Maria R.");
    expect(firstNameAndInitial("  maria   de luca ")).toBe("maria L.");
    expect(firstNameAndInitial("Cher")).toBe("Cher");
    expect(firstNameAndInitial("Élodie Ørsted")).toBe("Élodie Ø.");
  });
});
