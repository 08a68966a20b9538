import { and, arrayOverlaps, asc, count, desc, eq, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "~/core/db/database.server";
import { postgresError, UNIQUE_VIOLATION } from "~/core/db/postgres-error";
import { articleImages, articles, articleVersions } from "./schema";
import type { StoredImage } from "~/core/db/schema";
import { isRowId } from "~/core/db/row-id.server";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "~/core/format/slug";
import { EMPTY_DOCUMENT, type RichTextDocument } from "~/ui/rich-text/document";
import { richTextDocumentSchema } from "~/ui/rich-text/document-schema";
import { type ArticleCategory, articleCategories } from "./categories";

/** What she writes: every field of an article but its dates. */
export interface ArticleData {
  slug: string;
  title: string;
  excerpt: string;
  body: RichTextDocument;
  categories: ArticleCategory[];
  status: "draft" | "published";
  /** When it appears (published); null for a draft never published. */
  publishAt: Date | null;
  coverImageId: string | null;
  coverAlt: string | null;
  /** The cover's point kept in view where it is cropped, in % of its width and height (50/50: the middle). */
  coverFocusX: number;
  coverFocusY: number;
}

export interface ArticleRecord extends ArticleData {
  id: string;
  /** Its stored body failed to read (it is shown empty): she is told, and may rewrite or delete it. */
  unreadable: boolean;
  cover: StoredImage | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ArticleVersion {
  number: number;
  savedAt: Date;
  title: string;
  status: ArticleData["status"];
}

// The stored snapshot of a version: the same fields, checked again on restore (an archive may hold anything).
const snapshotSchema = z.object({
  slug: z.string().regex(SLUG_PATTERN).max(SLUG_MAX_LENGTH),
  title: z.string(),
  excerpt: z.string(),
  body: richTextDocumentSchema,
  categories: z.array(z.enum(articleCategories)),
  status: z.enum(["draft", "published"]),
  publishAt: z.iso.datetime({ offset: true }).nullable(),
  coverImageId: z.guid().nullable(),
  coverAlt: z.string().nullable(),
  // Versions saved before the cover had a focus point have none: the middle, as then.
  coverFocusX: z.number().int().min(0).max(100).default(50),
  coverFocusY: z.number().int().min(0).max(100).default(50),
});

/** Published, and its time has come. */
const isLive = () => and(eq(articles.status, "published"), lte(articles.publishAt, sql`now()`))!;

/**
 * The articles: every query and transaction of the articles, their images and versions, each change
 * announced on the bus after it is committed.
 */
export function createArticleRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing an article change failed");
  const announce = (action: "insert" | "update" | "delete", id: string) =>
    announceChange({ table: "articles", action, id });

  const select = () =>
    db
      .select({ article: articles, cover: articleImages.image })
      .from(articles)
      .leftJoin(articleImages, eq(articles.coverImageId, articleImages.id));

  const toRecord = ({ article, cover }: { article: typeof articles.$inferSelect; cover: StoredImage | null }) => {
    const body = richTextDocumentSchema.safeParse(article.body);
    if (!body.success) onError(body.error, "a stored article body does not parse; shown empty");
    return {
      id: article.id,
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      body: body.success ? body.data : EMPTY_DOCUMENT,
      unreadable: !body.success,
      categories: article.categories.filter((c): c is ArticleCategory =>
        (articleCategories as readonly string[]).includes(c),
      ),
      status: article.status === "published" ? "published" : "draft",
      publishAt: article.publishAt,
      coverImageId: article.coverImageId,
      coverAlt: article.coverAlt,
      coverFocusX: article.coverFocusX,
      coverFocusY: article.coverFocusY,
      cover,
      createdAt: article.createdAt,
      updatedAt: article.updatedAt,
    } satisfies ArticleRecord;
  };

  async function findOne(where: SQL): Promise<ArticleRecord | undefined> {
    const [row] = await select().where(where);
    return row ? toRecord(row) : undefined;
  }

  const values = (data: ArticleData) => ({
    ...data,
    body: data.body as unknown,
    // Already due: this save is its announcement; later: the scheduled-publication job's.
    announcedAt: sql`case when ${data.status === "published" && data.publishAt !== null && data.publishAt.getTime() <= Date.now()} then now() else null end`,
  });

  return {
    /** An article by id (drafts too); none for an address that holds no id. */
    async get(id: string): Promise<ArticleRecord | undefined> {
      if (!isRowId(id)) return undefined;
      return findOne(eq(articles.id, id));
    },

    /** A published article whose time has come, by its address. */
    async findPublished(slug: string): Promise<ArticleRecord | undefined> {
      if (slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return undefined;
      return findOne(and(eq(articles.slug, slug), isLive())!);
    },

    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: articles.id })
        .from(articles)
        .where(and(eq(articles.slug, slug), exceptId ? ne(articles.id, exceptId) : undefined));
      return Boolean(row);
    },

    /** Every article, drafts and scheduled ones too, newest change first (her list). */
    async listAll(): Promise<ArticleRecord[]> {
      return (await select().orderBy(desc(articles.updatedAt))).map(toRecord);
    },

    /** One page of live articles, newest first, and how many there are. */
    async listPublished(page: { limit: number; offset: number; categories?: readonly ArticleCategory[] }) {
      const where = and(
        isLive(),
        page.categories?.length ? arrayOverlaps(articles.categories, [...page.categories]) : undefined,
      );
      const [rows, [totals]] = await Promise.all([
        select().where(where).orderBy(desc(articles.publishAt), asc(articles.id)).limit(page.limit).offset(page.offset),
        db.select({ total: count() }).from(articles).where(where),
      ]);
      return { articles: rows.map(toRecord), total: totals?.total ?? 0 };
    },

    /** Every live article's address and last change, for the sitemap. */
    listPublishedPaths(): Promise<{ slug: string; updatedAt: Date }[]> {
      return db
        .select({ slug: articles.slug, updatedAt: articles.updatedAt })
        .from(articles)
        .where(isLive())
        .orderBy(desc(articles.publishAt));
    },

    /**
     * Writes the article (a new one when `id` is undefined) and its next version, in one transaction.
     * Undefined when the article is gone; "slug" when another article took the address meanwhile.
     */
    async save(id: string | undefined, data: ArticleData): Promise<ArticleRecord | "slug" | undefined> {
      let savedId: string | undefined;
      try {
        savedId = await db.transaction(async (tx) => {
          const [row] = id
            ? await tx
                .update(articles)
                .set({ ...values(data), updatedAt: sql`now()` })
                .where(eq(articles.id, id))
                .returning({ id: articles.id })
            : await tx.insert(articles).values(values(data)).returning({ id: articles.id });
          if (!row) return undefined;
          const snapshot = { ...data, publishAt: data.publishAt?.toISOString() ?? null };
          await tx.insert(articleVersions).values({
            articleId: row.id,
            number: sql`coalesce((select max(${articleVersions.number}) from ${articleVersions} where ${articleVersions.articleId} = ${row.id}), 0) + 1`,
            snapshot,
          });
          return row.id;
        });
      } catch (error) {
        if (postgresError(error)?.code === UNIQUE_VIOLATION) return "slug";
        throw error;
      }
      if (!savedId) return undefined;
      await announce(id ? "update" : "insert", savedId);
      return findOne(eq(articles.id, savedId));
    },

    async delete(id: string): Promise<boolean> {
      if (!isRowId(id)) return false;
      const [row] = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
      if (row) await announce("delete", id);
      return Boolean(row);
    },

    /** Her saved versions of an article, newest first. */
    async versions(id: string): Promise<ArticleVersion[]> {
      const rows = await db
        .select({
          number: articleVersions.number,
          savedAt: articleVersions.savedAt,
          snapshot: articleVersions.snapshot,
        })
        .from(articleVersions)
        .where(eq(articleVersions.articleId, id))
        .orderBy(desc(articleVersions.number))
        .limit(50);
      return rows.map(({ number, savedAt, snapshot }) => {
        const s = snapshot as { title?: unknown; status?: unknown };
        return {
          number,
          savedAt,
          title: typeof s.title === "string" ? s.title : "",
          status: s.status === "published" ? "published" : "draft",
        };
      });
    },

    /** A version's content, as it was saved; undefined when there is none or it no longer parses. */
    async version(id: string, number: number): Promise<ArticleData | undefined> {
      const [row] = await db
        .select({ snapshot: articleVersions.snapshot })
        .from(articleVersions)
        .where(and(eq(articleVersions.articleId, id), eq(articleVersions.number, number)));
      const parsed = row && snapshotSchema.safeParse(row.snapshot);
      if (!parsed?.success) return undefined;
      return { ...parsed.data, publishAt: parsed.data.publishAt ? new Date(parsed.data.publishAt) : null };
    },

    /** Stores an uploaded image's record; its files are already in the media storage. */
    async addImage(image: StoredImage): Promise<string> {
      const [row] = await db.insert(articleImages).values({ image }).returning({ id: articleImages.id });
      return row!.id;
    },

    /** The stored images among `ids`. */
    async images(ids: readonly string[]): Promise<Map<string, StoredImage>> {
      const wanted = ids.filter(isRowId);
      if (!wanted.length) return new Map();
      const rows = await db.select().from(articleImages).where(inArray(articleImages.id, wanted));
      return new Map(rows.map((row) => [row.id, row.image]));
    },

    /**
     * Scheduled articles whose time has come, marked announced and announced: the pages (and the
     * page cache) learn of each at its time. Returns how many.
     */
    async announceDue(): Promise<number> {
      const due = await db
        .update(articles)
        .set({ announcedAt: sql`now()` })
        .where(and(isLive(), or(isNull(articles.announcedAt), lt(articles.announcedAt, articles.publishAt))))
        .returning({ id: articles.id });
      for (const { id } of due) await announce("update", id);
      return due.length;
    },
  };
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;
