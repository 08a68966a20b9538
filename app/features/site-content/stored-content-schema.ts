import { z } from "zod";
import { percent, time } from "./content-fields";
import { practiceSchema, serviceSchema, studiosSchema, textsSchema } from "./form-schemas";
import { SERVICE_COUNT, type SiteContent, weekdays } from "./site-content";

const storedImageSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  format: z.literal("webp"),
  variants: z.array(z.object({ key: z.string().min(1), width: z.number().int(), height: z.number().int() })).min(1),
});

/** The whole content: what every stored version and the seed file must satisfy. */
export const siteContentSchema = z.object({
  ...practiceSchema.shape,
  ...studiosSchema.shape,
  hours: z
    .array(
      z.object({
        day: z.enum(weekdays),
        ranges: z.array(z.object({ opens: time, closes: time })).max(2),
      }),
    )
    .length(7),
  ...textsSchema.shape,
  services: z.array(serviceSchema.extend({ id: z.string().regex(/^[a-z0-9-]+$/) })).length(SERVICE_COUNT),
  portrait: z.object({ image: storedImageSchema.nullable(), focusX: percent, focusY: percent }),
}) satisfies z.ZodType<SiteContent, unknown>;
