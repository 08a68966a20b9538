import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { siteContentVersions, studioSlugs as studioSlugTable } from "./schema";
import { createMemoryEventBus } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { createSiteContentStore, defaultSiteContent, type SiteContentStore } from "./site-content.server";
import type { SiteContent } from "./site-content";
import { createStudioSlugRepository, type StudioSlugRepository } from "./studio-slugs.server";

// A studio's page follows its name, and every address it had answers with the new one.
describe("studio slugs", () => {
  let database: Database;
  let store: SiteContentStore;
  let slugs: StudioSlugRepository;

  beforeAll(async () => {
    database = await openTestDatabase();
    store = createSiteContentStore(database.db, createMemoryEventBus());
    await store.seed(defaultSiteContent);
    slugs = createStudioSlugRepository(database.db);
  });
  afterAll(async () => {
    store.close();
    await database.close();
  });

  /** Saves the current content with studio `index` named `name`. */
  async function rename(index: number, name: string): Promise<SiteContent> {
    const { version, content } = await store.current();
    const next = structuredClone(content);
    next.studios[index]!.name = name;
    const saved = await store.save(version, "Studi", next);
    if (!saved.ok) throw new Error(`save failed: ${saved.reason}`);
    return saved.value.published.content;
  }

  const at = async (slug: string) => slugs.resolve((await store.current()).content.studios, slug);

  it("finds each studio at the slug of its name", async () => {
    expect(await at("studio-di-milano")).toMatchObject({
      found: { key: "studio-di-milano" },
      slug: "studio-di-milano",
    });
    expect(await at("studio-di-monza")).toMatchObject({ found: { key: "studio-di-monza" } });
    expect(await at("studio-di-lecco")).toBeNull();
    expect(await at("Studio di Milano")).toBeNull();
    expect(await at("x".repeat(500))).toBeNull();
  });

  it("follows a rename, twice, keeping the key; each older slug moves to the newest", async () => {
    await rename(0, "Studio di Torino");
    const content = await rename(0, "Studio di Roma");
    expect(content.studios[0]!.key).toBe("studio-di-milano");
    expect(await at("studio-di-roma")).toMatchObject({ found: { key: "studio-di-milano" }, slug: "studio-di-roma" });
    expect(await at("studio-di-torino")).toEqual({ moved: "studio-di-roma" });
    expect(await at("studio-di-milano")).toEqual({ moved: "studio-di-roma" });
  });

  it("keeps the slug of a version published before the slugs were recorded", async () => {
    const { version, content } = await store.current();
    const older = structuredClone(content);
    older.studios[1]!.name = "Studio di Genova";
    // As a release before this one saved it: no slug recorded with it.
    await database.db.insert(siteContentVersions).values({ version: version + 1, content: older, summary: "Studi" });
    await rename(1, "Studio di Bari");
    expect(await at("studio-di-genova")).toEqual({ moved: "studio-di-bari" });
  });

  it("gives an old slug to the studio whose name now makes it", async () => {
    await rename(1, "Studio di Torino");
    expect(await at("studio-di-torino")).toMatchObject({ found: { key: "studio-di-monza" } });
    // And the database agrees: the next rename of that studio takes the slug along.
    await rename(1, "Studio di Pavia");
    expect(await at("studio-di-torino")).toEqual({ moved: "studio-di-pavia" });
  });

  it("gives two studios of one name two slugs", async () => {
    await rename(1, "Studio di Roma");
    expect(await at("studio-di-roma")).toMatchObject({ found: { key: "studio-di-milano" } });
    expect(await at("studio-di-roma-2")).toMatchObject({ found: { key: "studio-di-monza" } });
  });

  it("lets the database hold one studio per slug", async () => {
    await expect(
      database.db.insert(studioSlugTable).values({ slug: "studio-di-pavia", studioKey: "studio-di-milano" }),
    ).rejects.toThrow();
    await expect(database.db.insert(studioSlugTable).values({ slug: "Non Valido", studioKey: "x" })).rejects.toThrow();
  });
});
