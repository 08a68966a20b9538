import { useId } from "react";
import { data, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reports";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { MailStatus, readMailStatus } from "~/ui/admin/mail-status";
import type { LiveHandle } from "~/ui/live-updates";
import { ReviewCard } from "~/features/reviews/review-card";
import { formatItalianDate } from "~/core/format/italian-format";
import { pageMeta } from "~/features/site-content/meta";
import { toReviewView } from "~/features/reviews/reviews.server";
import type { ReviewView } from "~/features/reviews/review-view";
import { REPORT_REASON_LABELS } from "~/features/reviews/messages";
import { REPORT_ADMIN_MESSAGES } from "~/features/reviews/moderation-messages";
import { REVIEW_MESSAGES } from "~/features/reviews/moderation-messages";
import { ReviewActionButton, ReviewActions } from "~/features/reviews/review-actions";
import {
  deleteReportedReview,
  dismissReports,
  hideReportedReview,
} from "~/features/reviews/review-trust-actions.server";
import { servicesContext } from "~/context";
import adminReviewsStyles from "~/styles/admin-reviews.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminReviewsStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Segnalazioni", "Recensioni segnalate dai visitatori.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["reviews"] };

const REPORTS_PAGE = "/admin/segnalazioni";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const practitionerName = (await s.siteContent.current()).content.practitioner.name;
  const [queue, mail] = await Promise.all([s.reports.openQueue(), readMailStatus(s.mailer)]);
  return data({
    mail,
    queue: queue.map(({ review, reports }) => ({
      review: toReviewView(s.media, review, practitionerName),
      reports: reports.map((r) => ({
        id: r.id,
        reason: REPORT_REASON_LABELS[r.reason],
        details: r.details,
        createdAt: r.createdAt.toISOString(),
      })),
    })),
  });
}

const actionSchema = z.object({ intent: z.enum(["hide", "delete", "dismiss"]), id: z.uuid() });

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const parsed = parseSubmission(await readForm(request), actionSchema);
  if (parsed.status !== "success") {
    return respond(
      request,
      s.flash,
      { ok: false, message: REPORT_ADMIN_MESSAGES.notFound },
      { status: 400, redirectTo: REPORTS_PAGE },
    );
  }
  const { intent, id } = parsed.value;
  const { status, ...result } =
    intent === "hide"
      ? await hideReportedReview(s, id)
      : intent === "delete"
        ? await deleteReportedReview(s, id)
        : await dismissReports(s, id);
  return respond(request, s.flash, result, { status, redirectTo: REPORTS_PAGE });
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin__title">Segnalazioni</h1>
      <MailStatus status={loaderData.mail} />
      <p className="admin-section__lead">
        Recensioni segnalate dai visitatori, le più segnalate per prime. Chi segnala resta anonimo.
      </p>
      {loaderData.queue.length === 0 ? (
        <p className="admin-empty">{REPORT_ADMIN_MESSAGES.empty}</p>
      ) : (
        <ol className="admin-reports">
          {loaderData.queue.map((item) => (
            <ReportedReview key={item.review.id} review={item.review} reports={item.reports} />
          ))}
        </ol>
      )}
    </>
  );
}

function ReportedReview({
  review,
  reports,
}: {
  review: ReviewView;
  reports: { id: string; reason: string; details: string | null; createdAt: string }[];
}) {
  const actor = useFetcher<ActionResult>();
  useActionResult(actor.data);
  const id = useId();
  const busy = actor.state !== "idle";
  if (actor.formData) return null;
  return (
    <li className="admin-reports__item" id={`recensione-${review.id}`}>
      <ReviewCard review={review} headingLevel={2} />
      <h3 className="admin-reports__heading" id={`${id}-reports`}>
        {reports.length === 1 ? "1 segnalazione" : `${reports.length} segnalazioni`}
      </h3>
      <ul className="admin-reports__reasons" aria-labelledby={`${id}-reports`}>
        {reports.map((report) => (
          <li key={report.id}>
            <strong>{report.reason}</strong> · {formatItalianDate(report.createdAt)}
            {report.details ? <span className="admin-reports__details">: {report.details}</span> : null}
          </li>
        ))}
      </ul>
      <ReviewActions
        review={review}
        action={REPORTS_PAGE}
        page={REPORTS_PAGE}
        confirmParam="elimina"
        question={REVIEW_MESSAGES.deleteQuestion}
        deleteFields={{ intent: "delete", id: review.id }}
        remover={actor}
        disabled={busy}
      >
        {review.status !== "hidden" ? (
          <ReviewActionButton
            fetcher={actor}
            action={REPORTS_PAGE}
            fields={{ intent: "hide", id: review.id }}
            label="Nascondi"
            accessibleLabel={`Nascondi la recensione di ${review.name}`}
            disabled={busy}
          />
        ) : null}
        <ReviewActionButton
          fetcher={actor}
          action={REPORTS_PAGE}
          fields={{ intent: "dismiss", id: review.id }}
          label="Ignora segnalazioni"
          accessibleLabel={`Ignora segnalazioni della recensione di ${review.name}`}
          secondary
          disabled={busy}
        />
      </ReviewActions>
    </li>
  );
}
