import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { appointments } from "~/features/booking/schema";
import { siteContentVersions, siteSetup } from "./schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { defaultSiteContent } from "./defaults";
import { createPublication, isLoopbackSite } from "./publication.server";

// Decision 73: the published state, and the migration that keeps a site already in use published.

describe("a loopback site", () => {
  it("is one nobody else reaches: localhost, 127.0.0.0/8, ::1", () => {
    for (const url of ["http://localhost:3000", "http://127.0.0.1", "http://127.4.5.6:80", "http://[::1]:3000"])
      expect(isLoopbackSite(url), url).toBe(true);
    for (const url of ["https://studio-prova.it", "http://10.0.0.2", "http://192.168.1.5:3000", "https://localhost.it"])
      expect(isLoopbackSite(url), url).toBe(false);
  });
});

/** The migration's own statement, run again on the state a site had before the update. */
const migration = readFileSync(
  path.resolve(import.meta.dirname, "../../../drizzle/0032_site-published.sql"),
  "utf8",
).split("--> statement-breakpoint")[1]!;

describe("the published state", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const reset = async (content: unknown) => {
    await database.db.delete(siteSetup);
    await database.db.delete(appointments);
    await database.db.delete(siteContentVersions);
    await database.db.insert(siteContentVersions).values({ version: 1, content, summary: "Prima versione" });
  };

  it("is stored and announced each time she publishes or puts the site back in preparation", async () => {
    const bus = createMemoryEventBus();
    const heard: string[] = [];
    bus.subscribe((event) => heard.push(`${event.table} ${event.id}`));
    const publication = createPublication(database.db, bus);
    await database.db.delete(siteSetup);
    expect(await publication.publishedAt()).toBeNull();
    await publication.publishSite();
    expect(await publication.publishedAt()).toBeInstanceOf(Date);
    await publication.unpublish();
    expect(await publication.publishedAt()).toBeNull();
    expect(heard).toEqual(["site_publication published", "site_publication preparation"]);
  });

  it("after the update: published where her name, register number and Partita IVA are hers, else in preparation", async () => {
    const publication = createPublication(database.db);
    await reset(defaultSiteContent);
    await database.db.execute(sql.raw(migration));
    expect(await publication.publishedAt()).toBeNull();

    const d = defaultSiteContent;
    await reset({
      ...d,
      practitioner: { ...d.practitioner, name: "Dott.ssa Chiara Rinaldi", registerNumber: "AA_1" },
      business: { vatNumber: "12345678903", legalName: "Chiara Rinaldi" },
    });
    await database.db.execute(sql.raw(migration));
    expect(await publication.publishedAt()).toBeInstanceOf(Date);

    // Only the name hers: still the example's register and Partita IVA.
    await reset({ ...d, practitioner: { ...d.practitioner, name: "Dott.ssa Chiara Rinaldi" } });
    await database.db.execute(sql.raw(migration));
    expect(await publication.publishedAt()).toBeNull();
  });
});
