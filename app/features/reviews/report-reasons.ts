/**
 * Why a visitor may report a review: the values the database's check constraint allows
 * (schema.ts, review_reports_reason_valid). A leaf module: the report form in the browser needs
 * the list, and importing it from the schema would ship the ORM to the reviews page.
 */
export const reportReasons = ["offensive", "false", "personal_data", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];
