import { z } from "zod";
import { uploadedImageSchema } from "~/core/media/image-upload";
import { oneLine, multiLine } from "~/core/forms/field-rules";
import { percent } from "~/core/forms/percent";
import { romeInstant } from "~/core/format/rome-clock";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "~/core/format/slug";
import { richTextField } from "~/ui/rich-text/document-schema";
import { ARTICLE_CATEGORY_LABELS, articleCategories } from "./categories";
import { ALT_MAX_LENGTH, ARTICLE_MESSAGES as M, EXCERPT_MAX_LENGTH, TITLE_MAX_LENGTH } from "./messages";

/*
 * The article editor's form: one zod schema for the browser and the server. The body arrives as the
 * editor's JSON in one text field (64 KB at most, readForm's cap for a field) and is parsed by the
 * document's own schema.
 */

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const tooLong = (max: number) => `Testo troppo lungo: al massimo ${max} caratteri.`;

/** "YYYY-MM-DDTHH:MM" as a clock in Italy reads it (the datetime-local field). */
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

const body = richTextField({ empty: M.bodyEmpty, tooLong: M.bodyTooLong, invalid: M.bodyInvalid });

export const articleFormSchema = z
  .object({
    intent: z.enum(["draft", "publish"]),
    title: z.preprocess(
      blankToUndefined,
      oneLine(z.string({ error: M.titleMissing }).trim().max(TITLE_MAX_LENGTH, tooLong(TITLE_MAX_LENGTH))),
    ),
    slug: z.preprocess(
      blankToUndefined,
      z.string().trim().max(SLUG_MAX_LENGTH, tooLong(SLUG_MAX_LENGTH)).regex(SLUG_PATTERN, M.slugFormat).optional(),
    ),
    excerpt: z.preprocess(
      blankToUndefined,
      multiLine(z.string({ error: M.excerptMissing }).trim().max(EXCERPT_MAX_LENGTH, tooLong(EXCERPT_MAX_LENGTH))),
    ),
    // One checked box arrives as a string, several as a list, none as nothing.
    categories: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.enum(articleCategories)).min(1, M.categoriesMissing).max(articleCategories.length),
    ),
    publishAt: z.preprocess(blankToUndefined, z.string().regex(LOCAL_TIME, M.publishAtInvalid).optional()),
    body,
    coverImageId: z.preprocess(blankToUndefined, z.guid().optional()),
    coverAlt: z.preprocess(
      blankToUndefined,
      oneLine(z.string().trim().max(ALT_MAX_LENGTH, tooLong(ALT_MAX_LENGTH))).optional(),
    ),
    // The cover's point kept in view where it is cropped; absent with no cover (the middle then).
    coverFocus: z.object({ focusX: percent, focusY: percent }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.coverImageId && !value.coverAlt)
      ctx.addIssue({ code: "custom", path: ["coverAlt"], message: M.coverAltMissing });
  });

export type ArticleFormValue = z.infer<typeof articleFormSchema>;

/** The instant a datetime-local value names on Italy's clock. */
export function publishInstant(local: string): Date {
  const [, date, hours, minutes] = LOCAL_TIME.exec(local)!;
  return new Date(romeInstant(date!, Number(hours) * 60 + Number(minutes)));
}

/** The intent of a save from the list: delete, by id. */
export const articleDeleteSchema = z.object({ intent: z.literal("delete"), id: z.guid() });
/** Restoring one of her versions. */
export const articleRestoreSchema = z.object({ number: z.coerce.number().int().min(1).max(1_000_000) });

/** The slug a form asks for, or the title's. */
export const wantedSlug = (value: ArticleFormValue) => value.slug ?? slugify(value.title);

export const categoryOptions = articleCategories.map((value) => ({ value, label: ARTICLE_CATEGORY_LABELS[value] }));

/** An image she adds to an article (the body's or the cover), uploaded on its own by the editor. */
export const articleImageUploadSchema = z.object({ image: uploadedImageSchema });
