import type { Logger } from "pino";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { romeDate, romeTime } from "~/core/format/rome-clock";
import { slugify } from "~/core/format/slug";
import { toPublicImage } from "~/core/media/image-pipeline.server";
import { saveUploadedImage } from "~/core/media/image-upload.server";
import type { MediaStorage } from "~/core/media/media-storage.server";
import { refused, succeeded } from "~/core/result";
import { documentImageIds, EMPTY_DOCUMENT } from "~/ui/rich-text/document";
import type { ArticleFormInitial } from "./article-editor";
import { type ArticleFormValue, publishInstant } from "./article-form";
import type { ArticleData, ArticleRecord, ArticleRepository } from "./articles.server";

interface EditorDeps {
  articles: ArticleRepository;
  logger: Logger;
}

export type ArticleSaveOutcome = "created" | "saved" | "published" | "scheduled" | "unpublished";

/** `base`, or `base-2`, `base-3`… whichever no other article has. */
async function freeSlug(articles: ArticleRepository, base: string, exceptId: string | undefined): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await articles.slugTaken(candidate, exceptId))) return candidate;
  }
}

/**
 * Creates (id undefined) or updates an article from the checked form: a draft, published now, or
 * scheduled for its time. Every image it shows must be one of ours.
 */
export async function saveArticle(deps: EditorDeps, input: { id?: string; value: ArticleFormValue; now?: Date }) {
  const { articles, logger } = deps;
  const { value } = input;
  const now = input.now ?? new Date();
  const existing = input.id ? await articles.get(input.id) : undefined;
  if (input.id && !existing) return refused("notFound");

  let slug: string;
  if (value.slug === undefined) slug = await freeSlug(articles, slugify(value.title) || "articolo", input.id);
  else if (await articles.slugTaken(value.slug, input.id)) return refused("slugTaken");
  else slug = value.slug;

  const wanted = [...documentImageIds(value.body), ...(value.coverImageId ? [value.coverImageId] : [])];
  const stored = await articles.images(wanted);
  if (value.coverImageId && !stored.has(value.coverImageId)) return refused("coverGone");
  if (wanted.some((id) => !stored.has(id))) return refused("imageGone");

  const chosenTime = value.publishAt ? publishInstant(value.publishAt) : null;
  const publishing = value.intent === "publish";
  // Published without a time: now, or when it first appeared if it already had.
  const publishAt = publishing
    ? (chosenTime ?? (existing?.status === "published" && existing.publishAt ? existing.publishAt : now))
    : (chosenTime ?? existing?.publishAt ?? null);
  const data: ArticleData = {
    slug: value.slug ?? slug,
    title: value.title,
    excerpt: value.excerpt,
    body: value.body,
    categories: value.categories,
    status: publishing ? "published" : "draft",
    publishAt,
    coverImageId: value.coverImageId ?? null,
    coverAlt: value.coverImageId ? (value.coverAlt ?? null) : null,
    coverFocusX: (value.coverImageId ? value.coverFocus?.focusX : undefined) ?? 50,
    coverFocusY: (value.coverImageId ? value.coverFocus?.focusY : undefined) ?? 50,
  };
  const saved = await articles.save(input.id, data);
  if (saved === undefined) return refused("notFound");
  if (saved === "slug") return refused("slugTaken");
  logger.info({ articleId: saved.id, status: data.status }, input.id ? "article updated" : "article created");
  const outcome: ArticleSaveOutcome = publishing
    ? publishAt!.getTime() > now.getTime()
      ? "scheduled"
      : "published"
    : existing?.status === "published"
      ? "unpublished"
      : input.id
        ? "saved"
        : "created";
  return succeeded({ article: saved satisfies ArticleRecord, outcome });
}

export type SaveArticleResult = Awaited<ReturnType<typeof saveArticle>>;

/** Stores an uploaded image through the image pipeline and records it; its id goes into the document. */
export async function uploadArticleImage(deps: EditorDeps & { media: MediaStorage }, file: File) {
  const stored = await saveUploadedImage(
    deps,
    { what: "article image upload", prefix: "article-images", file },
    async (image) => ({ id: await deps.articles.addImage(image), image }),
  );
  if (!stored.ok) return refused("upload", stored);
  return succeeded(stored.saved);
}

/** The form's starting values for a saved article (or a new one), the publication time on Italy's clock. */
export function toArticleFormInitial(media: MediaStorage, article: ArticleRecord | null): ArticleFormInitial {
  if (!article)
    return {
      title: "",
      slug: "",
      excerpt: "",
      categories: [],
      publishAt: "",
      body: EMPTY_DOCUMENT,
      coverImageId: "",
      coverAlt: "",
      coverFocus: { focusX: 50, focusY: 50 },
      coverImage: null,
    };
  const at = article.publishAt?.getTime();
  return {
    title: article.title,
    slug: article.slug,
    excerpt: article.excerpt,
    categories: article.categories,
    publishAt: at === undefined ? "" : `${romeDate(at)}T${romeTime(at)}`,
    body: article.body,
    coverImageId: article.coverImageId ?? "",
    coverAlt: article.coverAlt ?? "",
    coverFocus: { focusX: article.coverFocusX, focusY: article.coverFocusY },
    coverImage: article.cover ? toPublicImage(media, article.cover) : null,
  };
}

/** Her list: each article with where it stands. */
export function toArticleAdminRow(article: ArticleRecord, now: Date = new Date()) {
  const at = article.publishAt;
  const state = article.status === "draft" ? "draft" : at && at.getTime() > now.getTime() ? "scheduled" : "published";
  return {
    id: article.id,
    title: article.title,
    slug: article.slug,
    state,
    when: at ? formatItalianDateTime(at.toISOString()) : null,
    updated: formatItalianDateTime(article.updatedAt.toISOString()),
    unreadable: article.unreadable,
  } as const;
}

export type ArticleAdminRow = ReturnType<typeof toArticleAdminRow>;

/**
 * Makes an earlier version the article's text again (title, summary, categories, body, cover and its focus point) as a
 * new version; where it stands (draft, scheduled, published) and its address stay as they are.
 */
export async function restoreArticleVersion(deps: { articles: ArticleRepository }, id: string, number: number) {
  const current = await deps.articles.get(id);
  if (!current) return refused("notFound");
  const version = await deps.articles.version(id, number);
  if (!version) return refused("versionNotFound");
  const covers = version.coverImageId ? await deps.articles.images([version.coverImageId]) : new Map();
  const saved = await deps.articles.save(id, {
    ...version,
    slug: current.slug,
    status: current.status,
    publishAt: current.publishAt,
    // A cover since deleted is left out rather than refused.
    coverImageId: covers.size ? version.coverImageId : null,
    coverAlt: covers.size ? version.coverAlt : null,
    coverFocusX: covers.size ? version.coverFocusX : 50,
    coverFocusY: covers.size ? version.coverFocusY : 50,
  });
  if (!saved || saved === "slug") return refused("notFound");
  return succeeded();
}
