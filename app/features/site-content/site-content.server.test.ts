import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { siteContentVersions } from "./schema";
import { createMemoryEventBus, type ChangeEvent, type EventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import {
  createSiteContentStore,
  defaultSiteContent,
  KEPT_VERSIONS,
  loadSeedContent,
  SiteContentError,
  type SiteContentStore,
} from "./site-content.server";

function seedFile(content: unknown): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "content-")), "site.json");
  writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content));
  return file;
}

const withPhone = (phone: string) => ({ ...defaultSiteContent, contact: { ...defaultSiteContent.contact, phone } });

describe("seed content", () => {
  it("is the typed defaults without a file", () => {
    expect(loadSeedContent()).toEqual(defaultSiteContent);
  });

  it("merges a deployer's JSON over the defaults", () => {
    const content = loadSeedContent(
      seedFile({ practitioner: { name: "Dott. Marco Rossi" }, texts: { tagline: "Ciao" } }),
    );
    expect(content.practitioner.name).toBe("Dott. Marco Rossi");
    expect(content.practitioner.title).toBe(defaultSiteContent.practitioner.title);
    expect(content.texts.tagline).toBe("Ciao");
  });

  it.each([
    [{ business: { vatNumber: "12345678901" } }, "business.vatNumber"],
    [{ contact: { email: "non-una-email" } }, "contact.email"],
    [{ links: { booking: "javascript:alert(1)" } }, "links.booking"],
    [{ studios: [] }, "studios"],
  ])("refuses a wrong value naming the field (%j)", (override, field) => {
    expect(() => loadSeedContent(seedFile(override))).toThrow(SiteContentError);
    expect(() => loadSeedContent(seedFile(override))).toThrow(field);
  });

  it("reads a seed file of the shape before per-studio hours: its one week for every studio and the online visits", () => {
    const week = defaultSiteContent.onlineHours.map((day) => ({
      ...day,
      ranges: [] as { opens: string; closes: string }[],
    }));
    week[2] = { day: "Wednesday", ranges: [{ opens: "10:00", closes: "12:00" }] };
    const content = loadSeedContent(seedFile({ hours: week }));
    expect(content.studios.map((s) => [s.key, s.hours])).toEqual([
      ["studio-di-milano", week],
      ["studio-di-monza", week],
    ]);
    expect(content.onlineHours).toEqual(week);
  });

  it("reports an unreadable or malformed file", () => {
    expect(() => loadSeedContent("/nonexistent/site.json")).toThrow(/SITE_CONTENT_FILE/);
    expect(() => loadSeedContent(seedFile("{ not json"))).toThrow(/SITE_CONTENT_FILE/);
  });
});

describe("site content store on PostgreSQL", () => {
  let database: Database;
  let bus: EventBus;
  let store: SiteContentStore;
  const events: ChangeEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    store = createSiteContentStore(database.db, bus);
  });
  afterAll(async () => {
    store.close();
    await bus.close();
    await database.close();
  });

  it("seeds the first version once; a second seed changes nothing", async () => {
    expect(await store.seed(defaultSiteContent)).toBe(true);
    expect(await store.seed(withPhone("+39 02 0000 0000"))).toBe(false);
    const current = await store.current();
    expect(current.version).toBe(1);
    expect(current.content).toEqual(defaultSiteContent);
  });

  it("publishes a save as the next version, announces it and keeps the previous one", async () => {
    events.length = 0;
    const result = await store.save(1, "Dati dello studio", withPhone("+39 02 1111 1111"));
    expect(result).toMatchObject({ ok: true, value: { published: { version: 2 } } });
    expect((await store.current()).content.contact.phone).toBe("+39 02 1111 1111");
    expect(events).toEqual([{ table: "site_content", action: "update", id: "2" }]);
    const history = await store.history();
    expect(history.map((v) => [v.version, v.summary])).toEqual([
      [2, "Dati dello studio"],
      [1, "Prima versione"],
    ]);
  });

  it("adds no version for a save that changes nothing, and announces nothing", async () => {
    const before = await store.current();
    events.length = 0;
    const result = await store.save(before.version, "Dati dello studio", structuredClone(before.content));
    expect(result).toMatchObject({ ok: true, value: { unchanged: true, published: { version: before.version } } });
    expect((await store.current()).version).toBe(before.version);
    expect((await store.history(1))[0]!.version).toBe(before.version);
    expect(events).toEqual([]);
    // The same content on an older base is still a conflict, not "unchanged".
    const changed = await store.save(before.version, "Testi", withPhone("+39 02 7777 7777"));
    expect(changed.ok).toBe(true);
    expect(await store.save(before.version, "Testi", withPhone("+39 02 7777 7777"))).toMatchObject({
      ok: false,
      reason: "conflict",
    });
  });

  it("refuses a save based on an older version and keeps what the other tab saved", async () => {
    const base = (await store.current()).version;
    const first = await store.save(base, "Testi", withPhone("+39 02 2222 2222"));
    const second = await store.save(base, "Testi", withPhone("+39 02 3333 3333"));
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, reason: "conflict", detail: { version: base + 1 } });
    expect((await store.current()).content.contact.phone).toBe("+39 02 2222 2222");
  });

  it("lets exactly one of two simultaneous saves through", async () => {
    const base = (await store.current()).version;
    const results = await Promise.all([
      store.save(base, "A", withPhone("+39 02 4444 4444")),
      store.save(base, "B", withPhone("+39 02 5555 5555")),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect((await store.current()).version).toBe(base + 1);
  });

  it("restores an older version as a new version", async () => {
    const base = (await store.current()).version;
    const result = await store.restore(1, base);
    expect(result).toMatchObject({ ok: true, value: { published: { version: base + 1 } } });
    expect((await store.current()).content).toEqual(defaultSiteContent);
    expect((await store.history(1))[0]!.summary).toBe("Ripristino della versione 1");
    expect(await store.restore(9999, base + 1)).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses invalid content without writing anything", async () => {
    const before = await store.current();
    const bad = { ...defaultSiteContent, business: { ...defaultSiteContent.business, vatNumber: "1" } };
    await expect(store.save(before.version, "x", bad)).rejects.toThrow(SiteContentError);
    expect((await store.current()).version).toBe(before.version);
  });

  it("serves from its cache, and a save by another instance as soon as it is committed, before its event arrives", async () => {
    const other = createSiteContentStore(database.db, createMemoryEventBus());
    const before = await store.current();
    expect(await store.current()).toEqual(await store.current());
    const saved = await other.save(before.version, "Altra istanza", withPhone("+39 02 6666 6666"));
    expect(saved.ok).toBe(true);
    // No event reached this instance yet: a page refreshed by the other instance's announcement
    // may ask here first, and must get the saved content.
    const now = await store.current();
    expect(now.version).toBe(before.version + 1);
    expect(now.content.contact.phone).toBe("+39 02 6666 6666");
    await bus.publish({ table: "site_content", action: "update", id: String(before.version + 1) });
    expect((await store.current()).version).toBe(before.version + 1);
    other.close();
  });

  it(`keeps the newest ${KEPT_VERSIONS} versions and lists 20`, async () => {
    let version = (await store.current()).version;
    while (version <= KEPT_VERSIONS + 2) {
      const result = await store.save(version, `Salvataggio ${version}`, withPhone(`+39 02 ${1000 + version}`));
      if (!result.ok) throw new Error("save failed");
      version = result.value.published.version;
    }
    const history = await store.history();
    expect(history).toHaveLength(20);
    expect(history[0]!.version).toBe(version);
    const all = await store.history(1000);
    expect(all).toHaveLength(KEPT_VERSIONS);
  });

  it("reads a version stored before per-studio hours (as an old backup restores it) in today's shape", async () => {
    const { studios, onlineHours: _online, ...rest } = structuredClone(defaultSiteContent);
    const mornings = defaultSiteContent.onlineHours.map((day) => ({
      day: day.day,
      ranges: day.day === "Sunday" ? [] : [{ opens: "08:30", closes: "12:30" }],
    }));
    const legacy = {
      ...rest,
      studios: studios.map(({ key: _key, hours: _hours, ...studio }) => studio),
      hours: mornings,
    };
    const version = (await store.current()).version + 1;
    await database.db.insert(siteContentVersions).values({ version, content: legacy, summary: "Orari di apertura" });
    const fresh = createSiteContentStore(database.db, createMemoryEventBus());
    try {
      const { content } = await fresh.current();
      expect(content.studios.map((s) => [s.key, s.hours])).toEqual([
        ["studio-di-milano", mornings],
        ["studio-di-monza", mornings],
      ]);
      expect(content.onlineHours).toEqual(mornings);
      expect((await fresh.version(version))!.content).toEqual(content);
      // And she saves on top of it as on any version.
      const saved = await fresh.save(version, "Dati dello studio", withPhone("+39 02 9999 9999"));
      expect(saved).toMatchObject({ ok: true, value: { published: { version: version + 1 } } });
    } finally {
      fresh.close();
    }
  });

  it("names the people, studios and cities of every kept version, read once per version", async () => {
    const base = await store.current();
    const d = defaultSiteContent;
    const renamed = (name: string, studio: string, city: string) => ({
      ...d,
      practitioner: { ...d.practitioner, name: `Dott.ssa ${name}` },
      business: { ...d.business, legalName: name },
      studios: [{ ...d.studios[0]!, name: studio, city }],
    });
    const first = await store.save(base.version, "Dati dello studio", renamed("Anna Verdi", "Studio Aurora", "Forlì"));
    if (!first.ok) throw new Error("save failed");
    const second = await store.save(
      first.value.published.version,
      "Dati dello studio",
      renamed("Chiara Rinaldi", "Studio di Torino", "Torino"),
    );
    if (!second.ok) throw new Error("save failed");
    const names = await store.formerNames(second.value.published.version);
    expect(names.people).toEqual(
      expect.arrayContaining([
        "Dott.ssa Giulia Ferrari",
        "Giulia Ferrari",
        "Dott.ssa Anna Verdi",
        "Anna Verdi",
        "Chiara Rinaldi",
      ]),
    );
    expect(names.studios).toEqual(expect.arrayContaining(["Studio di Milano", "Studio Aurora", "Studio di Torino"]));
    expect(names.cities).toEqual(expect.arrayContaining(["Milano", "Monza", "Forlì", "Torino"]));
    // Each name once, however many versions name it.
    expect(names.cities.filter((city) => city === "Milano")).toHaveLength(1);
    // The to-do list asks on every admin screen: the same version is not read again.
    expect(store.formerNames(second.value.published.version)).toBe(store.formerNames(second.value.published.version));
  });
});
