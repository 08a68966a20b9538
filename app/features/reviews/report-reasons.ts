/**
 * Why a visitor may report a review. A leaf module: the report form in the browser needs the list,
 * and importing it from the database schema would ship the ORM to the reviews page.
 */
export const reportReasons = ["offensive", "false", "personal_data", "other"] as const;
export type ReportReason = (typeof reportReasons)[number];
