import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/core/db/database.server";
import { articleImages, articles } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import { createMemoryEventBus, type ChangeEvent } from "~/core/events/event-bus.server";
import { openTestDatabase } from "../../../tests/support/test-databases";
import { sampleArticle } from "../../../tests/support/factory";
import { type ArticleData, createArticleRepository, type ArticleRepository } from "./articles.server";
import { restoreArticleVersion, saveArticle } from "./article-editor.server";
import { articleFormSchema } from "./article-form";
import { scheduledArticlesJob } from "./article-jobs.server";
import { articlesFeed, loadArticlePage, toArticleCardView } from "./article-page.server";
import type { MediaStorage } from "~/core/media/media-storage.server";

describe("article repository on PostgreSQL", () => {
  let database: Database;
  let repo: ArticleRepository;
  const events: ChangeEvent[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    const bus = createMemoryEventBus();
    bus.subscribe((event) => events.push(event));
    repo = createArticleRepository(database.db, bus);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(articles);
    await database.db.delete(articleImages);
    events.length = 0;
  });

  const saved = async (...args: Parameters<ArticleRepository["save"]>) => {
    const result = await repo.save(...args);
    if (!result || result === "slug") throw new Error(`not saved: ${String(result)}`);
    return result;
  };

  it("a scheduled article is nowhere public before its time, and is announced once when it comes", async () => {
    const article = await saved(
      undefined,
      sampleArticle({ status: "published", publishAt: new Date(Date.now() + 60_000) }),
    );
    expect(await repo.findPublished(article.slug)).toBeUndefined();
    expect((await repo.listPublished({ limit: 10, offset: 0 })).total).toBe(0);
    expect(await repo.listPublishedPaths()).toEqual([]);
    events.length = 0;
    const job = scheduledArticlesJob({ articles: repo });
    const logger = { info() {} } as never;
    const run = () => job.run({ slot: new Date(), signal: new AbortController().signal, logger });
    await run();
    expect(events).toEqual([]);

    // Its time comes (moved into the past rather than waited for).
    await database.db.execute(sql`update articles set publish_at = now() - interval '1 second'`);
    await run();
    expect(events).toEqual([{ table: "articles", action: "update", id: article.id }]);
    expect((await repo.findPublished(article.slug))?.id).toBe(article.id);
    expect((await repo.listPublishedPaths()).map((p) => p.slug)).toEqual([article.slug]);
    await run();
    expect(events).toHaveLength(1);
  });

  it("an article's page suggests the live articles sharing a category first, then the newest, never itself", async () => {
    const day = 24 * 60 * 60_000;
    const live = (slug: string, daysAgo: number, categories: ArticleData["categories"]) =>
      saved(
        undefined,
        sampleArticle({
          slug,
          title: slug,
          categories,
          status: "published",
          publishAt: new Date(Date.now() - daysAgo * day),
        }),
      );
    const article = await live("avena", 3, ["alimentazione"]);
    await live("frutta", 10, ["alimentazione", "bambini"]);
    await live("sport", 1, ["sport"]);
    await live("sonno", 20, ["stili-di-vita"]);
    await live("vecchio", 30, ["miti-da-sfatare"]);
    await saved(undefined, sampleArticle({ slug: "bozza", categories: ["alimentazione"] }));
    await saved(
      undefined,
      sampleArticle({
        slug: "domani",
        categories: ["alimentazione"],
        status: "published",
        publishAt: new Date(Date.now() + day),
      }),
    );
    const page = await loadArticlePage({ articles: repo, media: {} as MediaStorage }, article.slug, {
      url: "https://esempio.it",
      author: "Dott.ssa Prova",
    });
    expect(page?.related.map((other) => other.slug)).toEqual(["frutta", "sport", "sonno"]);
    // What the route matches the recipes on: the title, the excerpt and the categories' names.
    expect(page?.relatedText).toBe("avena · Tre idee per una colazione che sazia. · Alimentazione");
  });

  it("a published article saved with its time already come is announced by the save, not again by the job", async () => {
    const article = await saved(
      undefined,
      sampleArticle({ status: "published", publishAt: new Date(Date.now() - 1000) }),
    );
    expect(events).toEqual([{ table: "articles", action: "insert", id: article.id }]);
    expect(await repo.announceDue()).toBe(0);
  });

  it("keeps every save as a version and gives each back; a draft is never public", async () => {
    const article = await saved(undefined, sampleArticle({ title: "Prima stesura" }));
    await saved(article.id, sampleArticle({ title: "Seconda stesura" }));
    expect((await repo.versions(article.id)).map((v) => [v.number, v.title])).toEqual([
      [2, "Seconda stesura"],
      [1, "Prima stesura"],
    ]);
    expect((await repo.version(article.id, 1))?.title).toBe("Prima stesura");
    expect(await repo.findPublished(article.slug)).toBeUndefined();
  });

  it("the database refuses a body that is not a document and a second article at the same address", async () => {
    await saved(undefined, sampleArticle({ slug: "stesso-indirizzo" }));
    expect(await repo.save(undefined, sampleArticle({ slug: "stesso-indirizzo" }))).toBe("slug");
    await expect(
      database.db.execute(
        sql`insert into articles (slug, title, excerpt, body) values ('altro', 'T', 'E', '"<script>"'::jsonb)`,
      ),
    ).rejects.toThrow();
  });

  it("a stored body nested beyond reading breaks no page, list or feed; she is told and can delete it", async () => {
    const article = await saved(
      undefined,
      sampleArticle({ status: "published", publishAt: new Date(Date.now() - 1000) }),
    );
    // As an older version let it be saved: 600 quotes one inside the other, written straight to the table.
    const open = '{"type":"blockquote","content":['.repeat(600);
    const deep = `{"type":"doc","content":[${open}{"type":"paragraph"}${"]}".repeat(600)}]}`;
    await database.db.execute(sql`update articles set body = ${deep}::jsonb where id = ${article.id}`);

    const read = await repo.get(article.id);
    expect(read?.unreadable).toBe(true);
    expect(read?.body).toEqual({ type: "doc", content: [{ type: "paragraph" }] });
    expect((await repo.listAll()).map((a) => [a.id, a.unreadable])).toEqual([[article.id, true]]);
    expect((await repo.listPublished({ limit: 10, offset: 0 })).total).toBe(1);
    const site = { url: "https://esempio.it", author: "Dott.ssa Prova" };
    const media = {} as MediaStorage;
    expect((await loadArticlePage({ articles: repo, media }, article.slug, site))?.article.title).toBe(article.title);
    expect(await articlesFeed({ articles: repo, media }, site)).toContain(article.title);

    // Saving a readable body over it works, and so does deleting it.
    expect((await saved(article.id, sampleArticle({ title: "Riscritto" }))).unreadable).toBe(false);
    expect(await repo.delete(article.id)).toBe(true);
    expect(await repo.get(article.id)).toBeUndefined();
  });
});

describe("restoring an article's version", () => {
  let database: Database;
  let repo: ArticleRepository;
  beforeAll(async () => {
    database = await openTestDatabase();
    repo = createArticleRepository(database.db, createMemoryEventBus());
  });
  afterAll(() => database.close());

  it("puts the old text back as a new version, keeping where the article stands and its address", async () => {
    const first = await repo.save(undefined, sampleArticle({ title: "Prima stesura" }));
    if (!first || first === "slug") throw new Error("not saved");
    const publishAt = new Date(Date.now() - 60_000);
    await repo.save(first.id, sampleArticle({ title: "Seconda stesura", status: "published", publishAt }));
    expect((await restoreArticleVersion({ articles: repo }, first.id, 1)).ok).toBe(true);
    const now = await repo.get(first.id);
    expect(now).toMatchObject({ title: "Prima stesura", status: "published", publishAt, slug: first.slug });
    expect((await repo.versions(first.id)).map((v) => v.title)).toEqual([
      "Prima stesura",
      "Seconda stesura",
      "Prima stesura",
    ]);
    expect(await restoreArticleVersion({ articles: repo }, first.id, 9)).toEqual({
      ok: false,
      reason: "versionNotFound",
    });
  });
});

describe("an article cover's focus point", () => {
  let database: Database;
  let repo: ArticleRepository;
  const media = { publicUrl: (key: string) => `/media/${key}` } as MediaStorage;
  const logger = { info() {} } as never;
  const image: StoredImage = {
    width: 1600,
    height: 900,
    format: "webp",
    variants: [{ key: "article-images/copertina-1600.webp", width: 1600, height: 900 }],
  };
  beforeAll(async () => {
    database = await openTestDatabase();
    repo = createArticleRepository(database.db, createMemoryEventBus());
  });
  afterAll(() => database.close());

  /** The editor's form as she sends it: a live article with a cover and its focus point. */
  const form = (title: string, coverImageId: string, focusX: string, focusY: string) => {
    const parsed = articleFormSchema.safeParse({
      intent: "publish",
      title,
      excerpt: "Tre idee per una colazione che sazia.",
      categories: "alimentazione",
      body: JSON.stringify(sampleArticle().body),
      coverImageId,
      coverAlt: "Una tazza di latte e avena",
      coverFocus: { focusX, focusY },
    });
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };

  it("is saved from the editor's form, is the public card's object-position, and a version restores it", async () => {
    const cover = await repo.addImage(image);
    const first = await saveArticle({ articles: repo, logger }, { value: form("Avena", cover, "20", "80") });
    if (!first.ok) throw new Error(first.reason);
    const id = first.value.article.id;
    expect(first.value.article).toMatchObject({ coverFocusX: 20, coverFocusY: 80 });
    expect(toArticleCardView(media, first.value.article).cover?.position).toBe("20% 80%");

    const second = await saveArticle({ articles: repo, logger }, { id, value: form("Avena", cover, "70", "0") });
    if (!second.ok) throw new Error(second.reason);
    const live = await repo.findPublished(first.value.article.slug);
    expect(toArticleCardView(media, live!).cover?.position).toBe("70% 0%");

    expect((await restoreArticleVersion({ articles: repo }, id, 1)).ok).toBe(true);
    expect(await repo.get(id)).toMatchObject({ coverFocusX: 20, coverFocusY: 80 });
  });

  it("is the middle for a version saved before covers had one", async () => {
    const article = await repo.save(undefined, sampleArticle({ coverFocusX: 10, coverFocusY: 90 }));
    if (!article || article === "slug") throw new Error("not saved");
    await database.db.execute(
      sql`update article_versions set snapshot = snapshot - 'coverFocusX' - 'coverFocusY' where article_id = ${article.id}`,
    );
    expect(await repo.version(article.id, 1)).toMatchObject({ coverFocusX: 50, coverFocusY: 50 });
  });

  it("the form and the database refuse a point outside the photo", async () => {
    const cover = await repo.addImage(image);
    expect(() => form("Fuori", cover, "101", "50")).toThrow("Indica un valore da 0 a 100.");
    const article = await repo.save(undefined, sampleArticle({ slug: "fuori" }));
    if (!article || article === "slug") throw new Error("not saved");
    for (const [x, y] of [
      [101, 50],
      [50, -1],
    ])
      await expect(
        database.db.execute(
          sql`update articles set cover_focus_x = ${x}, cover_focus_y = ${y} where id = ${article.id}`,
        ),
      ).rejects.toMatchObject({ cause: { constraint: "articles_cover_focus_percent" } });
    expect(await repo.get(article.id)).toMatchObject({ coverFocusX: 50, coverFocusY: 50 });
  });
});
