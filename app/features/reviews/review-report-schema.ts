/**
 * The report form's zod schema, run by the browser (a reason is required) and by the server. A
 * module of its own: the reviews page fetches it, and zod, only when a visitor opens a report.
 */
import { z } from "zod";
import { multiLine } from "~/core/forms/field-rules";
import { REPORT_MESSAGES } from "./messages";
import { REPORT_DETAILS_MAX } from "./review-rules";
import { reportReasons } from "./report-reasons";

export const reportSchema = z.object({
  reason: z.enum(reportReasons, { error: REPORT_MESSAGES.reasonMissing }),
  details: multiLine(z.string().trim().max(REPORT_DETAILS_MAX, { error: REPORT_MESSAGES.detailsTooLong }))
    .optional()
    .transform((v) => v || null),
});

export type ReportInput = z.output<typeof reportSchema>;
