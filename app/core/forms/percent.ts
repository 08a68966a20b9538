import { z } from "zod";

/**
 * A whole percentage 0..100 typed in a field (a photo's focus point, …); blank is missing. A module
 * of its own: field-rules.ts stays free of zod at run time for the public pages.
 */
export const percent = z.preprocess(
  (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z.coerce
    .number({ error: "Indica un valore da 0 a 100." })
    .int("Indica un numero intero da 0 a 100.")
    .min(0, "Indica un valore da 0 a 100.")
    .max(100, "Indica un valore da 0 a 100."),
);
