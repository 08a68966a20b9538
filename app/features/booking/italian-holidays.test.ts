import { describe, expect, it } from "vitest";
import { easterSunday, italianHolidays, italianHolidaysBetween } from "./italian-holidays";

describe("Italian national holidays", () => {
  it("computes Easter Monday each year", () => {
    const easterMonday = (year: number) => italianHolidays(year).find((h) => h.name === "Lunedì dell'Angelo")?.date;
    expect(easterMonday(2024)).toBe("2024-04-01");
    expect(easterMonday(2025)).toBe("2025-04-21");
    expect(easterMonday(2026)).toBe("2026-04-06");
    expect(easterMonday(2027)).toBe("2027-03-29");
    expect(easterMonday(2028)).toBe("2028-04-17");
  });

  it("finds Easter Sunday at both ends of its range", () => {
    expect(easterSunday(2038)).toEqual([4, 25]);
    expect(easterSunday(2285)).toEqual([3, 22]);
    expect(easterSunday(2000)).toEqual([4, 23]);
  });

  it("lists the fixed holidays with their Italian names, in date order", () => {
    expect(italianHolidays(2025)).toEqual([
      { date: "2025-01-01", name: "Capodanno" },
      { date: "2025-01-06", name: "Epifania" },
      { date: "2025-04-20", name: "Pasqua" },
      { date: "2025-04-21", name: "Lunedì dell'Angelo" },
      { date: "2025-04-25", name: "Festa della Liberazione" },
      { date: "2025-05-01", name: "Festa del Lavoro" },
      { date: "2025-06-02", name: "Festa della Repubblica" },
      { date: "2025-08-15", name: "Ferragosto" },
      { date: "2025-11-01", name: "Ognissanti" },
      { date: "2025-12-08", name: "Immacolata Concezione" },
      { date: "2025-12-25", name: "Natale" },
      { date: "2025-12-26", name: "Santo Stefano" },
    ]);
  });

  it("closes 4 October (San Francesco) from 2026 on, as law 151/2025 says", () => {
    const october4 = (year: number) => italianHolidays(year).some((h) => h.date === `${year}-10-04`);
    expect(october4(2025)).toBe(false);
    expect(october4(2026)).toBe(true);
    expect(october4(2027)).toBe(true);
  });

  it("answers the holidays of a horizon across a new year", () => {
    expect(italianHolidaysBetween("2026-12-20", "2027-01-10").map((h) => h.date)).toEqual([
      "2026-12-25",
      "2026-12-26",
      "2027-01-01",
      "2027-01-06",
    ]);
  });
});
