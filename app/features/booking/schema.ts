import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, quoted } from "~/core/db/columns";
import { STUDIO_KEY_PATTERN } from "~/core/db/studio-key";
import {
  appointmentStatuses,
  bookingLimits as limits,
  bookingModes,
  confirmationModes,
  onlineRoomKinds,
} from "./booking-values";
import { calendarReadFailures, calendarSourceLimits } from "./calendar-source-values";
import { dayParts, isoWeekdays, waitingListLimits, waitingStatuses } from "./waiting-list-values";

// ---- Booking (decision record 0040) ----------------------------------------------------------------

const between = (column: unknown, range: { min: number; max: number }) =>
  sql`${column} between ${sql.raw(String(range.min))} and ${sql.raw(String(range.max))}`;
const atMost = (column: unknown, max: number) => sql`char_length(${column}) <= ${sql.raw(String(max))}`;
const studioKey = STUDIO_KEY_PATTERN.slice(1, -1);
/** Every key of the list in the key's shape (the list joined with spaces, matched whole), none null. */
const studioKeysPattern = (column: unknown) =>
  sql`array_position(${column}, null) is null and array_to_string(${column}, ' ') ~ ${sql.raw(`'^(${studioKey}( ${studioKey})*)?$'`)}`;

/**
 * The booking's settings: one row (id is always true), read with defaults when it is missing (a
 * restored archive from before booking has none). Typed columns, so the database checks each range.
 */
export const bookingSettings = pgTable(
  "booking_settings",
  {
    id: boolean("id").primaryKey().default(true),
    mode: text("mode", { enum: bookingModes }).notNull().default("external"),
    /** Free time kept after each visit; stored on each appointment as it is booked (blocked_until). */
    bufferMinutes: smallint("buffer_minutes").notNull().default(10),
    minimumNoticeHours: smallint("minimum_notice_hours").notNull().default(24),
    horizonDays: smallint("horizon_days").notNull().default(60),
    /** Up to this many hours before a visit the patient may cancel or move it by link. */
    cancellationLimitHours: smallint("cancellation_limit_hours").notNull().default(24),
    /** When the day-before reminder goes out, in Italy's time. */
    reminderTime: time("reminder_time").notNull().default("18:00"),
    /** Appointments older than this are deleted by the daily job. */
    retentionMonths: smallint("retention_months").notNull().default(24),
    /** The review invitation e-mailed by the booking jobs the day after each visit that took place. */
    reviewInviteNextDay: boolean("review_invite_next_day").notNull().default(false),
    // The waiting list: after how many days an entry is deleted, how long a freed time's link lasts.
    waitingListExpiryDays: smallint("waiting_list_expiry_days").notNull().default(60),
    waitingListLinkHours: smallint("waiting_list_link_hours").notNull().default(4),
    // What the last step promises before a request is sent.
    requestAnswerHours: smallint("request_answer_hours").notNull().default(48),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("booking_settings_one_row", sql`${t.id}`),
    check("booking_settings_mode_valid", sql`${t.mode} in (${quoted(bookingModes)})`),
    check("booking_settings_buffer_range", between(t.bufferMinutes, limits.bufferMinutes)),
    check("booking_settings_notice_range", between(t.minimumNoticeHours, limits.minimumNoticeHours)),
    check("booking_settings_horizon_range", between(t.horizonDays, limits.horizonDays)),
    check("booking_settings_cancellation_range", between(t.cancellationLimitHours, limits.cancellationLimitHours)),
    check("booking_settings_retention_range", between(t.retentionMonths, limits.retentionMonths)),
    check("booking_settings_waiting_expiry_range", between(t.waitingListExpiryDays, waitingListLimits.expiryDays)),
    check("booking_settings_waiting_link_range", between(t.waitingListLinkHours, waitingListLimits.linkHours)),
    check("booking_settings_request_answer_range", between(t.requestAnswerHours, limits.requestAnswerHours)),
  ],
);

/** What a patient can book: a first visit, a follow-up… */
export const visitTypes = pgTable(
  "visit_types",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    /** The full price in euro cents; null when she gives none. */
    priceCents: integer("price_cents"),
    showPrice: boolean("show_price").notNull().default(false),
    confirmation: text("confirmation", { enum: confirmationModes }).notNull(),
    /** The studios (their keys in the site content) where it is offered. */
    studioKeys: text("studio_keys").array().notNull().default(sql`'{}'::text[]`),
    online: boolean("online").notNull().default(false),
    active: boolean("active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "visit_types_name_length",
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(limits.visitTypeName.max))}`,
    ),
    check("visit_types_duration_range", between(t.durationMinutes, limits.durationMinutes)),
    check("visit_types_price_range", between(t.priceCents, limits.priceCents)),
    check("visit_types_shown_price_given", sql`not ${t.showPrice} or ${t.priceCents} is not null`),
    check("visit_types_confirmation_valid", sql`${t.confirmation} in (${quoted(confirmationModes)})`),
    check("visit_types_studio_keys_format", studioKeysPattern(t.studioKeys)),
    // An active type can be booked somewhere.
    check("visit_types_offered_somewhere", sql`not ${t.active} or ${t.online} or cardinality(${t.studioKeys}) > 0`),
    index("visit_types_order_idx").on(t.displayOrder, t.createdAt),
  ],
);

/** Her time off: whole days in Italy, first and last included (holidays, a conference). */
export const timeOff = pgTable(
  "time_off",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    label: text("label"),
    createdAt: createdAt(),
  },
  (t) => [
    check("time_off_range_valid", sql`${t.endsOn} >= ${t.startsOn}`),
    check("time_off_label_length", atMost(t.label, limits.timeOffLabel.max)),
    index("time_off_ends_idx").on(t.endsOn),
  ],
);

/**
 * A booked visit. `blocked_until` is its end plus the buffer in force when it was booked: the time
 * it holds is [starts_at, blocked_until), and no two pending or confirmed appointments' times overlap
 * (the exclusion constraint appointments_no_overlap, written in migration 0009: drizzle-kit cannot
 * declare one). Only the SHA-256 of the patient's link token is kept.
 */
export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitTypeId: uuid("visit_type_id")
      .notNull()
      .references(() => visitTypes.id, { onDelete: "restrict" }),
    /** The studio's key in the site content; null for an online visit. */
    studioKey: text("studio_key"),
    online: boolean("online").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
    status: text("status", { enum: appointmentStatuses }).notNull(),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email").notNull(),
    patientPhone: text("patient_phone").notNull(),
    /** Optional; the form says not to write health data here. */
    note: text("note"),
    manageTokenHash: text("manage_token_hash").notNull().unique("appointments_manage_token_unique"),
    createdAt: createdAt(),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    /** When the review invitation went to the patient (by her press or the next-day job): once. */
    reviewInvitedAt: timestamp("review_invited_at", { withTimezone: true }),
    /**
     * The iCalendar SEQUENCE of the patient's event (RFC 5545): raised with each change of the
     * appointment, in its transaction, so her calendar takes the newest file over an older one.
     */
    sequence: integer("sequence").notNull().default(0),
    /** Item 7 (online visits): the video room's address sent to this patient only; null when none is set up. */
    onlineRoomUrl: text("online_room_url"),
  },
  (t) => [
    check("appointments_status_valid", sql`${t.status} in (${quoted(appointmentStatuses)})`),
    check("appointments_place_valid", sql`${t.online} = (${t.studioKey} is null)`),
    check("appointments_studio_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    // Also puts the end after the start.
    check(
      "appointments_duration_range",
      sql`${t.endsAt} - ${t.startsAt} between interval '${sql.raw(String(limits.durationMinutes.min))} minutes' and interval '${sql.raw(String(limits.durationMinutes.max))} minutes'`,
    ),
    check(
      "appointments_buffer_range",
      sql`${t.blockedUntil} - ${t.endsAt} between interval '0 minutes' and interval '${sql.raw(String(limits.bufferMinutes.max))} minutes'`,
    ),
    check(
      "appointments_patient_name_length",
      sql`char_length(btrim(${t.patientName})) between 1 and ${sql.raw(String(limits.patientName.max))}`,
    ),
    check(
      "appointments_patient_email_length",
      sql`char_length(${t.patientEmail}) between 3 and ${sql.raw(String(limits.patientEmail.max))}`,
    ),
    check(
      "appointments_patient_phone_length",
      sql`char_length(${t.patientPhone}) between 1 and ${sql.raw(String(limits.patientPhone.max))}`,
    ),
    check("appointments_note_length", atMost(t.note, limits.note.max)),
    check(
      "appointments_online_room_valid",
      sql`${t.onlineRoomUrl} is null or (${t.online} and ${t.onlineRoomUrl} ~ '^https://' and ${atMost(t.onlineRoomUrl, limits.onlineRoomUrl.max)})`,
    ),
    index("appointments_starts_idx").on(t.startsAt),
  ],
);

export type BookingSettingsRow = typeof bookingSettings.$inferSelect;
export type VisitType = typeof visitTypes.$inferSelect;
export type TimeOff = typeof timeOff.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;

/**
 * The practitioner's agenda feed: at most one subscription address at a time (id is always true).
 * Only the SHA-256 of its token is kept; replacing the row is a new address, deleting it revokes it.
 */
export const calendarFeed = pgTable(
  "calendar_feed",
  {
    id: boolean("id").primaryKey().default(true),
    tokenHash: text("token_hash").notNull().unique("calendar_feed_token_unique"),
    createdAt: createdAt(),
  },
  (t) => [check("calendar_feed_one_row", sql`${t.id}`)],
);

/**
 * The follow-up she asks for from a visit in her agenda. On `due_on` (a day in
 * Italy) the job e-mails the patient a link to book `visit_type_id` with her details filled, once
 * (`sent_at`, set in the transaction that queues the mail). It goes with its appointment (cascade),
 * so the retention purge deletes it too.
 */
export const followUps = pgTable(
  "booking_follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .unique("booking_follow_ups_appointment_unique")
      .references(() => appointments.id, { onDelete: "cascade" }),
    visitTypeId: uuid("visit_type_id")
      .notNull()
      .references(() => visitTypes.id, { onDelete: "cascade" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("booking_follow_ups_due_idx").on(t.dueOn).where(sql`${t.sentAt} is null`)],
);

export type FollowUp = typeof followUps.$inferSelect;

// Her other calendars' busy times (decision 53).
/**
 * A calendar she keeps elsewhere, read by its address for its busy times. The address is a secret (a
 * Google secret iCal address is a password): never logged, never shown back whole. `studio_keys` null
 * blocks every studio, those added later too; `blocks_online` the online visits.
 */
export const calendarSources = pgTable(
  "calendar_sources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    studioKeys: text("studio_keys").array(),
    blocksOnline: boolean("blocks_online").notNull().default(true),
    /** The validators of the last successful read, sent back for a conditional request. */
    etag: text("etag"),
    lastModified: text("last_modified"),
    /** The busy times stored reach this instant: past it the next read is unconditional. */
    readUntil: timestamp("read_until", { withTimezone: true }),
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    lastFailure: text("last_failure", { enum: calendarReadFailures }),
    /** The HTTP status of an `httpStatus` failure (404, 500…). */
    lastFailureStatus: smallint("last_failure_status"),
    lastFailedAt: timestamp("last_failed_at", { withTimezone: true }),
    /** The start of the event whose rule could not be expanded (a `tooComplex` failure): never its title. */
    lastFailureEventAt: timestamp("last_failure_event_at", { withTimezone: true }),
    /** Failed reads since the last that worked: the wait before the next grows with them. */
    consecutiveFailures: smallint("consecutive_failures").notNull().default(0),
    /** After a failure, not read again by the job before this (null: at its next run). */
    nextReadAt: timestamp("next_read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "calendar_sources_name_length",
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(calendarSourceLimits.name.max))}`,
    ),
    check(
      "calendar_sources_url_length",
      sql`char_length(${t.url}) between 1 and ${sql.raw(String(calendarSourceLimits.url.max))}`,
    ),
    check("calendar_sources_studio_keys_format", studioKeysPattern(t.studioKeys)),
    check("calendar_sources_failure_valid", sql`${t.lastFailure} in (${quoted(calendarReadFailures)})`),
    check("calendar_sources_failure_when", sql`(${t.lastFailure} is null) = (${t.lastFailedAt} is null)`),
    check("calendar_sources_failures_count", sql`${t.consecutiveFailures} >= 0`),
  ],
);

/** When a calendar says she is busy, [starts_at, ends_at): nothing else of its events is kept. */
export const calendarBusyIntervals = pgTable(
  "calendar_busy_intervals",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: uuid("source_id")
      .notNull()
      .references(() => calendarSources.id, { onDelete: "cascade" }),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("calendar_busy_intervals_order", sql`${t.endsAt} > ${t.startsAt}`),
    // Free times read the intervals not over yet; a source's are replaced whole.
    index("calendar_busy_intervals_ends_idx").on(t.endsAt),
    index("calendar_busy_intervals_source_idx").on(t.sourceId),
  ],
);

export type CalendarSource = typeof calendarSources.$inferSelect;

// Holidays (decision 54). Italy's national holidays are computed (italian-holidays.ts),
// closed unless she reopens that date; each studio's patron saint is closed every year at that studio.

/** A date she reopened: a national holiday (or a studio's patron day) that year, open at every place. */
export const holidayReopenings = pgTable("holiday_reopenings", {
  day: date("day", { mode: "string" }).primaryKey(),
  createdAt: createdAt(),
});

/** A studio's patron saint: closed every year on that day and month, at that studio only. */
export const patronDays = pgTable(
  "patron_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The studio's key in the site content. */
    studioKey: text("studio_key").notNull(),
    month: smallint("month").notNull(),
    day: smallint("day").notNull(),
    name: text("name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("patron_days_studio_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    // A day some year has: 29 February closes in leap years only.
    check(
      "patron_days_date_valid",
      sql`${t.month} between 1 and 12 and ${t.day} between 1 and (case when ${t.month} = 2 then 29 when ${t.month} in (4, 6, 9, 11) then 30 else 31 end)`,
    ),
    check(
      "patron_days_name_length",
      sql`char_length(btrim(${t.name})) between 1 and ${sql.raw(String(limits.patronName.max))}`,
    ),
    unique("patron_days_studio_day_unique").on(t.studioKey, t.month, t.day),
  ],
);

export type PatronDay = typeof patronDays.$inferSelect;
/**
 * Item 7 (online visits): how an online visit type's visit happens (decision 56): her own room
 * (`own`: the address every patient of the type gets) or a room per appointment (`per_visit`: an
 * unguessable name under the video server's address), and the provider the privacy page names.
 */
export const onlineRooms = pgTable(
  "online_rooms",
  {
    visitTypeId: uuid("visit_type_id")
      .primaryKey()
      .references(() => visitTypes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: onlineRoomKinds }).notNull(),
    url: text("url").notNull(),
    providerName: text("provider_name").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("online_rooms_kind_valid", sql`${t.kind} in (${quoted(onlineRoomKinds)})`),
    check("online_rooms_url_https", sql`${t.url} ~ '^https://[^/?#@]+' and ${atMost(t.url, limits.onlineRoomUrl.max)}`),
    check(
      "online_rooms_provider_length",
      sql`char_length(btrim(${t.providerName})) between 1 and ${sql.raw(String(limits.onlineProviderName.max))}`,
    ),
  ],
);

export type OnlineRoom = typeof onlineRooms.$inferSelect;
// The waiting list (decision 55).

/**
 * A patient waiting for a time: the visit type, the place (a studio, or online), the weekdays and
 * parts of day that suit. No health data. Deleted when it expires (the settings' days) or once
 * booked. When a time frees, the job mails a link whose token only its SHA-256 is kept, valid until
 * `notified_until`.
 */
export const waitingListEntries = pgTable(
  "waiting_list_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitTypeId: uuid("visit_type_id")
      .notNull()
      .references(() => visitTypes.id, { onDelete: "cascade" }),
    /** The studio's key in the site content; null for an online visit. */
    studioKey: text("studio_key"),
    patientName: text("patient_name").notNull(),
    patientEmail: text("patient_email").notNull(),
    /** ISO weekdays, Monday 1 to Sunday 7. */
    weekdays: smallint("weekdays").array().notNull(),
    dayParts: text("day_parts").array().notNull(),
    status: text("status", { enum: waitingStatuses }).notNull().default("waiting"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    notifiedTokenHash: text("notified_token_hash").unique("waiting_list_token_unique"),
    notifiedUntil: timestamp("notified_until", { withTimezone: true }),
  },
  (t) => [
    check("waiting_list_studio_key_format", sql`${t.studioKey} ~ ${sql.raw(`'${STUDIO_KEY_PATTERN}'`)}`),
    check(
      "waiting_list_patient_name_length",
      sql`char_length(btrim(${t.patientName})) between 1 and ${sql.raw(String(limits.patientName.max))}`,
    ),
    check(
      "waiting_list_patient_email_length",
      sql`char_length(${t.patientEmail}) between 3 and ${sql.raw(String(limits.patientEmail.max))}`,
    ),
    check(
      "waiting_list_weekdays_valid",
      sql`cardinality(${t.weekdays}) between 1 and 7 and ${t.weekdays} <@ array[${sql.raw(isoWeekdays.join(", "))}]::smallint[]`,
    ),
    check(
      "waiting_list_day_parts_valid",
      sql`cardinality(${t.dayParts}) between 1 and 3 and ${t.dayParts} <@ array[${quoted(dayParts)}]::text[]`,
    ),
    check("waiting_list_status_valid", sql`${t.status} in (${quoted(waitingStatuses)})`),
    check("waiting_list_notified_whole", sql`(${t.notifiedTokenHash} is null) = (${t.notifiedUntil} is null)`),
    check("waiting_list_expiry_after_creation", sql`${t.expiresAt} > ${t.createdAt}`),
    index("waiting_list_queue_idx").on(t.status, t.createdAt),
    // One entry waiting per patient, visit type and place: joining again changes its preferences.
    uniqueIndex("waiting_list_one_per_patient")
      .on(sql`lower(${t.patientEmail})`, t.visitTypeId, sql`coalesce(${t.studioKey}, '')`)
      .where(sql`${t.status} = 'waiting'`),
    index("waiting_list_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A time freed (a visit cancelled, declined or moved, days she reopened), written in the transaction
 * that freed it; the waiting-list job claims each with SKIP LOCKED and mails the people waiting.
 */
export const waitingListOpenings = pgTable(
  "waiting_list_openings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("waiting_list_openings_range", sql`${t.endsAt} > ${t.startsAt}`),
    index("waiting_list_openings_created_idx").on(t.createdAt),
  ],
);

export type WaitingListEntry = typeof waitingListEntries.$inferSelect;
