/** What the booking settings' forms share in their zod schemas: a checkbox, and a blank field read as absent. */
import { z } from "zod";

export const checkbox = z.preprocess((value) => value === "on" || value === true || value === "true", z.boolean());
export const blankToUndefined = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value);
