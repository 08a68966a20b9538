import type { AppServices } from "~/services.server";
import { getBackupRunState } from "~/features/backups/status.server";
import { backupChecksTodo, getBackupChecksState } from "~/features/backups/checks-status.server";
import { type UnusualDay, unusualTraffic } from "~/features/statistics/unusual-traffic.server";
import { isLoopbackSite } from "~/features/site-content/publication.server";
import { setupFinished } from "~/features/site-content/setup.server";
import { loadExamplesLeft } from "./examples-left.server";

/** What needs the practitioner, counted for the panel's "Da fare" and the menu's badges. */
export interface AdminTodo {
  /** Reports not yet handled. */
  reports: number;
  /** Reviews waiting for her approval (only counted while moderation is on). */
  pending: number;
  /** Published reviews of the last 30 days she has not replied to. */
  unanswered: number;
  /** Booking requests waiting for her answer. */
  bookingRequests: number;
  /** E-mails the outbox gave up on. */
  mailFailed: number;
  /** The last backup failed, or the last good one is more than two days old (not "none yet"). */
  backupProblem: "failed" | "stale" | null;
  /** Decision 76: the last copy to her bucket failed, the last restore drill failed (what failed), the disk ≥ 95%. */
  backupChecks: ReturnType<typeof backupChecksTodo>;
  /** Her other calendars not read for a day (decision 53). */
  calendarsUnread: number;
  /** Yesterday's visitors, when unusually many (statistics). */
  unusualTraffic: UnusualDay | null;
  /** The first-run setup not ended yet, and the example details still on the site. */
  setupFinished: boolean;
  examplesLeft: readonly { label: string; href: string }[];
  /** Decision 73: a site on a public address not published yet (visitors see "Sito in preparazione"). */
  unpublished: boolean;
}

/** A calendar not read for this long goes on her to-do list. */
const CALENDAR_UNREAD_MS = 24 * 60 * 60_000;

/** One round of small counting queries, run with every admin screen's layout. */
export async function loadAdminTodo(
  s: Pick<
    AppServices,
    | "reports"
    | "reviews"
    | "appointments"
    | "mailer"
    | "database"
    | "config"
    | "calendarSources"
    | "siteContent"
    | "faq"
    | "publication"
  >,
): Promise<AdminTodo> {
  const [reports, work, bookingRequests, mail, backup, calendarsUnread, unusual, setup, left, publishedAt, checks] =
    await Promise.all([
      s.reports.openCount(),
      s.reviews.workCounts(),
      s.appointments.countPending(),
      s.mailer.status(),
      getBackupRunState(s.database.db),
      s.calendarSources.countUnreadSince(new Date(Date.now() - CALENDAR_UNREAD_MS)),
      unusualTraffic(s.database.db),
      setupFinished(s.database.db),
      loadExamplesLeft(s),
      s.publication.publishedAt(),
      getBackupChecksState(s.database.db, s.config.backup.dir),
    ]);
  return {
    reports,
    pending: s.config.reviewsModeration ? work.pending : 0,
    unanswered: work.unanswered,
    bookingRequests,
    mailFailed: mail.failed,
    backupProblem: backup.warning === "failed" || backup.warning === "stale" ? backup.warning : null,
    backupChecks: backupChecksTodo(checks),
    calendarsUnread,
    unusualTraffic: unusual,
    setupFinished: setup,
    examplesLeft: left.map(({ label, href }) => ({ label, href })),
    unpublished: publishedAt === null && !isLoopbackSite(s.config.siteUrl),
  };
}

/**
 * A warning when links sent to patients would not work: no public address configured (they would
 * point to localhost), or the panel reached at another address than the configured one.
 */
export interface SiteAddressNotice {
  /** One line on every screen; the sentence behind a tap. */
  title: string;
  text: string;
}

export function siteAddressNotice(
  config: Pick<AppServices["config"], "siteUrl" | "siteUrlConfigured">,
  request: Request,
): SiteAddressNotice | null {
  if (!config.siteUrlConfigured)
    return {
      title: "Indirizzo del sito non impostato",
      text: `Indirizzo del sito non impostato: i link negli inviti e nelle e-mail puntano a ${config.siteUrl} e dal telefono di un paziente non si aprono. Chi ha installato il sito deve impostare SITE_URL.`,
    };
  const here = new URL(request.url).host;
  const site = new URL(config.siteUrl).host;
  return here === site
    ? null
    : {
        title: "Pannello aperto a un altro indirizzo",
        text: `Stai usando il pannello all'indirizzo ${here}, ma l'indirizzo del sito impostato è ${site}: i link negli inviti e nelle e-mail useranno ${config.siteUrl}.`,
      };
}
