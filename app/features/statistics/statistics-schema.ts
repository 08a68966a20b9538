import { z } from "zod";

/** Her choice on the "Statistiche" screen: delete the aggregates after two years, or keep them all. */
export const retentionSchema = z.object({
  intent: z.literal("retention"),
  retention: z.enum(["two-years", "keep"]),
});

/** The periods the screen compares, in days. */
export const PERIODS = [7, 30, 365] as const;
export type PeriodDays = (typeof PERIODS)[number];

/** The period the screen shows day by day (?giorni=), 30 unless one of the others is asked for. */
export function periodFrom(value: string | null): PeriodDays {
  return PERIODS.find((days) => String(days) === value) ?? 30;
}
