import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/privacy";
import { servicesContext } from "~/context";
import { pageMeta } from "~/features/site-content/meta";
import { PrivacyNotice } from "~/features/site-content/privacy-notice";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(
    args,
    "Informativa privacy e cookie",
    "Chi tratta i dati personali raccolti da questo sito, per quali finalità, per quanto tempo, quali diritti hai e quali cookie usiamo.",
  );

/** The booking's retention period and the waiting list's expiry, which the notice states. */
export async function loader({ context }: Route.LoaderArgs) {
  const { retentionMonths, waitingListExpiryDays } = await context.get(servicesContext).bookingSettings.get();
  return { retentionMonths, waitingListExpiryDays, contactBySite: context.get(servicesContext).mailer.enabled };
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { content } = useRouteLoaderData<typeof rootLoader>("root")!;
  return (
    <PrivacyNotice
      content={content}
      retentionMonths={loaderData.retentionMonths}
      contactBySite={loaderData.contactBySite}
      waitingListExpiryDays={loaderData.waitingListExpiryDays}
    />
  );
}
