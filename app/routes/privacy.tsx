import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { servicesContext } from "~/context";
import { CalendarSourcesPrivacy } from "~/features/booking/calendar-sources-privacy";
import { OnlineVisitsPrivacy } from "~/features/booking/online-visits-privacy";
import { FollowUpPrivacy } from "~/features/booking/follow-up-privacy";
import { BackupCopiesPrivacy } from "~/features/backups/backup-privacy";
import { pageMeta } from "~/features/site-content/meta";
import { PrivacyNotice } from "~/features/site-content/privacy-notice";
import { NewsletterPrivacy } from "~/features/newsletter/newsletter-privacy";
import { StatisticsPrivacy } from "~/features/statistics/statistics-privacy";
import { keepsAll } from "~/features/statistics/statistics.server";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Informativa privacy e cookie",
    "Chi tratta i dati personali raccolti da questo sito, per quali finalità, per quanto tempo, quali diritti hai e quali cookie usiamo.",
  );

/** The booking's retention period, the waiting list's expiry and the online visits' video providers, which the notice states. */
export async function loader({ context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const [{ retentionMonths, waitingListExpiryDays }, videoProviders, keepsStatistics] = await Promise.all([
    s.bookingSettings.get(),
    s.onlineRooms.providers(),
    keepsAll(s.database.db),
  ]);
  const bucket = s.config.backup.bucket;
  return {
    retentionMonths,
    waitingListExpiryDays,
    contactBySite: s.mailer.enabled,
    videoProviders,
    keepsStatistics,
    backupCopiesHost: bucket ? new URL(bucket.endpoint).host : null,
  };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { content } = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <PrivacyNotice
      content={content}
      retentionMonths={loaderData.retentionMonths}
      contactBySite={loaderData.contactBySite}
      bookingDetails={
        <>
          <CalendarSourcesPrivacy />
          <OnlineVisitsPrivacy providers={loaderData.videoProviders} />
          <FollowUpPrivacy />
        </>
      }
      waitingListExpiryDays={loaderData.waitingListExpiryDays}
      visitStatistics={<StatisticsPrivacy keepAll={loaderData.keepsStatistics} />}
      newsletter={loaderData.contactBySite ? <NewsletterPrivacy /> : null}
      backupCopies={loaderData.backupCopiesHost ? <BackupCopiesPrivacy host={loaderData.backupCopiesHost} /> : null}
    />
  );
}
