import { z } from "zod";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import { percent, time } from "./content-fields";
import { practiceSchema, serviceSchema, studioSchema, textsSchema } from "./form-schemas";
import { MAX_SERVICES, MAX_STUDIOS, MIN_SERVICES, type SiteContent, weekdays } from "./site-content";
import { assignStudioKeys } from "./studio-keys";
import { KEEPABLE } from "./kept-examples";

const storedImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.literal("webp"),
  variants: z.array(z.object({ key: z.string().min(1), width: z.number().int(), height: z.number().int() })).min(1),
});

/** A week as stored: seven days, each closed (no ranges) or up to two ranges. */
const storedWeekSchema = z
  .array(z.object({ day: z.enum(weekdays), ranges: z.array(z.object({ opens: time, closes: time })).max(2) }))
  .length(7);

const storedStudioSchema = studioSchema.extend({
  key: z.string().regex(new RegExp(STUDIO_KEY_PATTERN)),
  hours: storedWeekSchema,
});

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Content saved before studios had their own hours (versions, seed files, backups): one top-level
 * `hours` for every studio and studios without a key. Each studio and the online visits get those
 * hours, and each studio the key booking made from its name then ("studio-di-milano"), so the
 * appointments and visit types that refer to it stay valid. The shape is told by the top-level
 * `hours`, which newer content never has: it wins over what the defaults merged in beside it.
 */
export function upgradeLegacyContent(value: unknown): unknown {
  if (!isObject(value) || !("hours" in value)) return value;
  const { hours, ...rest } = value;
  if (!Array.isArray(rest.studios)) return { ...rest, onlineHours: hours };
  const studios = rest.studios.map((studio) => (isObject(studio) ? studio : {}));
  const keys = assignStudioKeys(
    studios.map((studio) => ({
      name: typeof studio.name === "string" ? studio.name : "",
      key: typeof studio.key === "string" ? studio.key : undefined,
    })),
  );
  return {
    ...rest,
    studios: studios.map((studio, i) => ({ ...studio, key: keys[i], hours: structuredClone(hours) })),
    onlineHours: structuredClone(hours),
  };
}

/** The whole content: what every stored version and the seed file must satisfy (older shapes upgraded first). */
export const siteContentSchema = z.preprocess(
  upgradeLegacyContent,
  z.object({
    ...practiceSchema.shape,
    studios: z
      .array(storedStudioSchema)
      .min(1)
      .max(MAX_STUDIOS)
      .refine((studios) => new Set(studios.map((s) => s.key)).size === studios.length, "Two studios with one key"),
    onlineHours: storedWeekSchema,
    ...textsSchema.shape,
    // Versions saved before prices (and before she could add services: six) have none: "" then.
    services: z
      .array(serviceSchema.extend({ id: z.string().regex(/^[a-z0-9-]+$/) }))
      .min(MIN_SERVICES)
      .max(MAX_SERVICES)
      .refine((services) => new Set(services.map((s) => s.id)).size === services.length, "Two services with one id"),
    portrait: z.object({ image: storedImageSchema.nullable(), focusX: percent, focusY: percent }),
    kept: z.array(z.enum(KEEPABLE)).max(KEEPABLE.length).optional(),
  }),
) satisfies z.ZodType<SiteContent, unknown>;
