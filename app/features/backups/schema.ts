import { bigint, boolean, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const backupTriggers = ["schedule", "manual", "admin"] as const;
export type BackupTrigger = (typeof backupTriggers)[number];

/** One line per backup attempt, whichever instance or command made it: the admin's backup status. */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: text("trigger", { enum: backupTriggers }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    /** Absolute path of the archive written. */
    file: text("file"),
    bytes: bigint("bytes", { mode: "number" }),
    /** Rows and files, in one line. */
    summary: text("summary"),
    error: text("error"),
  },
  (t) => [index("backup_runs_finished_idx").on(t.finishedAt.desc())],
);

/** The checks made on backups after they are written: the copy to her bucket, the weekly restore drill. */
export const backupCheckKinds = ["copy", "drill"] as const;
export type BackupCheckKind = (typeof backupCheckKinds)[number];

/** One line per copy to the bucket and per restore drill: what the backup screen and her to-do list show. */
export const backupChecks = pgTable(
  "backup_checks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: backupCheckKinds }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    /** The archive copied or restored (its name, not a path). */
    name: text("name"),
    bytes: bigint("bytes", { mode: "number" }),
    /** What failed, in Italian; or what was checked. */
    detail: text("detail"),
  },
  (t) => [index("backup_checks_kind_finished_idx").on(t.kind, t.finishedAt.desc())],
);

export type BackupRun = typeof backupRuns.$inferSelect;
