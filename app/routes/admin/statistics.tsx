import { data } from "react-router";
import type { Route } from "./+types/statistics";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { pageMeta } from "~/features/site-content/meta";
import { STATISTICS_MESSAGES } from "~/features/statistics/messages";
import { periodFrom, retentionSchema } from "~/features/statistics/statistics-schema";
import { STATISTICS_PATH, StatisticsScreen } from "~/features/statistics/statistics-screen";
import { loadStatistics, saveRetention } from "~/features/statistics/statistics.server";
import { servicesContext } from "~/context";
import adminStatisticsStyles from "~/styles/admin-statistics.css?url";
import { bookingCounts } from "~/composition/admin/statistics-bookings.server";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStatisticsStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Statistiche", "Visite al sito, provenienze e prenotazioni.", { noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const { database } = context.get(servicesContext);
  const days = periodFrom(new URL(request.url).searchParams.get("giorni"));
  return data(await loadStatistics(database.db, bookingCounts(database.db), days));
}

/** Her choice of how long the aggregates are kept. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), retentionSchema);
  if (submission.status !== "success")
    return respond(request, s.flash, refusal(submission, STATISTICS_MESSAGES.checkFields), {
      status: 400,
      redirectTo: STATISTICS_PATH,
    });
  const keepAll = submission.value.retention === "keep";
  await saveRetention(s.database.db, keepAll);
  const message = keepAll ? STATISTICS_MESSAGES.keptAll : STATISTICS_MESSAGES.keptTwoYears;
  return respond(request, s.flash, { ok: true, message }, { redirectTo: STATISTICS_PATH });
}

export default function AdminStatistics({ loaderData, actionData }: Route.ComponentProps) {
  return <StatisticsScreen report={loaderData} result={actionData} />;
}
