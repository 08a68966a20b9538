import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { servicesContext } from "~/context";
import { CalendarSourcesPrivacy } from "~/features/booking/calendar-sources-privacy";
import { FollowUpPrivacy } from "~/features/booking/follow-up-privacy";
import { pageMeta } from "~/features/site-content/meta";
import { PrivacyNotice } from "~/features/site-content/privacy-notice";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Informativa privacy e cookie",
    "Chi tratta i dati personali raccolti da questo sito, per quali finalità, per quanto tempo, quali diritti hai e quali cookie usiamo.",
  );

/** The booking's retention period, which the notice states. */
export async function loader({ context }: Route.LoaderArgs) {
  const { retentionMonths } = await context.get(servicesContext).bookingSettings.get();
  return { retentionMonths, contactBySite: context.get(servicesContext).mailer.enabled };
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
          <FollowUpPrivacy />
        </>
      }
    />
  );
}
