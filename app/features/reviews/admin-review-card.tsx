import { useEffect, useRef } from "react";
import { countOf } from "~/core/format/plural";
import { useFetcher } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { TextAreaField } from "~/core/forms/conform-fields";
import { formatItalianDate } from "~/core/format/italian-format";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import adminReviewsStyles from "~/styles/admin-reviews.css?url";
import { Stylesheet } from "~/ui/stylesheet";
import type { AdminReviewView, ReportView } from "./admin-review-view";
import { REPLY_MAX_LENGTH } from "./messages";
import { type ReviewCardPage, replySaveSchema } from "./moderation";
import { REPLY_MESSAGES, REVIEW_MESSAGES } from "./moderation-messages";
import { ReviewActionButton, ReviewActions } from "./review-actions";
import { ReviewCard } from "./review-card";
import type { ReviewView } from "./review-view";

/** The one route that does every action of the card. */
const REVIEW_ACTION = "/admin/recensioni";

const statusLabels: Record<ReviewView["status"], string> = {
  pending: "In attesa di approvazione",
  published: "Pubblicata",
  hidden: "Nascosta",
};

/**
 * A review in the admin, wherever it is shown (the panel, "Risposte", "Segnalazioni"), with every
 * action on it: approve or publish, hide, delete (confirmed), its open reports with hide and
 * ignore, and the public reply (write, edit, remove). Each is a form that posts without
 * JavaScript (coming back to `page`) and through a fetcher with it (a toast, the focus kept in the card).
 */
export function AdminReviewCard({
  item: { review, reports },
  page,
  headingLevel = 3,
  replyOpen = false,
  className,
}: {
  item: AdminReviewView;
  page: ReviewCardPage;
  headingLevel?: 2 | 3;
  /** The reply form shown at once ("Risposte"); elsewhere behind "Rispondi". */
  replyOpen?: boolean;
  /** The screen's own class for the list item. */
  className?: string;
}) {
  const actor = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  const card = useRef<HTMLLIElement>(null);
  const acting = useRef(false);
  useActionResult(actor.data);
  useActionResult(remover.data);
  // An action's button gives way to another (Nascondi → Pubblica): once done, the focus stays in the card.
  useEffect(() => {
    if (actor.state !== "idle") {
      acting.current = true;
    } else if (acting.current) {
      acting.current = false;
      if (card.current && !card.current.contains(document.activeElement)) {
        card.current.querySelector<HTMLElement>(".review-admin__actions button")?.focus();
      }
    }
  }, [actor.state]);
  if (remover.formData) return null;

  const pending = actor.formData;
  const shown: ReviewView["status"] =
    pending?.get("intent") === "hide-reported"
      ? "hidden"
      : ((pending?.get("status") as ReviewView["status"] | null) ?? review.status);
  const openReports =
    pending?.get("intent") === "dismiss-reports" || pending?.get("intent") === "hide-reported" ? [] : reports;
  const busy = actor.state !== "idle" || remover.state !== "idle";
  const fields = (intent: string, extra: Record<string, string> = {}) => ({ intent, id: review.id, page, ...extra });

  return (
    <li
      ref={card}
      className={`review-admin review-admin--${shown}${className ? ` ${className}` : ""}`}
      id={`recensione-${review.id}`}
    >
      <Stylesheet href={adminReviewsStyles} />
      <p className={`review-admin__status review-admin__status--${shown}`}>{statusLabels[shown]}</p>
      <ReviewCard review={review} headingLevel={headingLevel} />
      {openReports.length > 0 ? <OpenReports reports={openReports} headingLevel={headingLevel} /> : null}
      <ReviewActions
        review={review}
        action={REVIEW_ACTION}
        page={page}
        confirmParam="elimina-recensione"
        question={REVIEW_MESSAGES.deleteQuestion}
        deleteFields={fields("delete-review")}
        remover={remover}
        disabled={busy}
      >
        {shown !== "published" ? (
          <ReviewActionButton
            fetcher={actor}
            action={REVIEW_ACTION}
            fields={fields("review-status", { status: "published" })}
            label={shown === "pending" ? "Approva" : "Pubblica"}
            accessibleLabel={`${shown === "pending" ? "Approva" : "Pubblica"} la recensione di ${review.name}`}
            disabled={busy}
          />
        ) : null}
        {shown !== "hidden" ? (
          <ReviewActionButton
            fetcher={actor}
            action={REVIEW_ACTION}
            // Hiding a reported review also closes its reports: it is how a report is dealt with.
            fields={openReports.length > 0 ? fields("hide-reported") : fields("review-status", { status: "hidden" })}
            label="Nascondi"
            accessibleLabel={`Nascondi la recensione di ${review.name}`}
            secondary={openReports.length === 0}
            disabled={busy}
          />
        ) : null}
        {openReports.length > 0 ? (
          <ReviewActionButton
            fetcher={actor}
            action={REVIEW_ACTION}
            fields={fields("dismiss-reports")}
            label="Ignora segnalazioni"
            accessibleLabel={`Ignora segnalazioni della recensione di ${review.name}`}
            secondary
            disabled={busy}
          />
        ) : null}
      </ReviewActions>
      <details className="review-admin__reply" open={replyOpen || undefined}>
        <summary>{review.reply ? "Modifica la risposta" : "Rispondi"}</summary>
        <ReplyEditor review={review} page={page} />
      </details>
    </li>
  );
}

function OpenReports({ reports, headingLevel }: { reports: ReportView[]; headingLevel: 2 | 3 }) {
  const Heading = `h${headingLevel + 1}` as "h3" | "h4";
  return (
    <div className="admin-reports__open">
      <Heading className="admin-reports__heading">{countOf(reports.length, ["segnalazione", "segnalazioni"])}</Heading>
      <ul className="admin-reports__reasons">
        {reports.map((report) => (
          <li key={report.id}>
            <strong>{report.reason}</strong> · {formatItalianDate(report.createdAt)}
            {report.details ? <span className="admin-reports__details">: {report.details}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The public reply: written or edited in place, or removed. */
function ReplyEditor({ review, page }: { review: ReviewView; page: ReviewCardPage }) {
  const saver = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  const { form, fields, formProps } = useSchemaForm(replySaveSchema, {
    id: `risposta-${review.id}`,
    lastResult: saver.state === "idle" ? saver.data?.reply : undefined,
    defaultValue: { content: review.reply?.content ?? "" },
  });
  useActionResult(saver.data);
  useActionResult(remover.data, (result) => {
    if (result.ok) form.update({ name: fields.content.name, value: "" });
  });
  const busy = saver.state !== "idle" || remover.state !== "idle";
  return (
    <div className="admin-reply">
      <saver.Form method="post" action={REVIEW_ACTION} className="admin-reply__form" {...formProps}>
        <input type="hidden" name="intent" value="reply-save" />
        <input type="hidden" name="reviewId" value={review.id} />
        <input type="hidden" name="page" value={page} />
        <TextAreaField
          meta={fields.content}
          label={`${review.reply ? "Modifica la risposta" : "Rispondi"} a ${review.name}`}
          hint={REPLY_MESSAGES.secrecy}
          rows={3}
          maxLength={REPLY_MAX_LENGTH}
        />
        <button type="submit" className="button" disabled={busy}>
          {saver.state !== "idle" ? "Pubblicazione…" : review.reply ? "Aggiorna risposta" : "Pubblica risposta"}
        </button>
      </saver.Form>
      {review.reply ? (
        <ReviewActionButton
          fetcher={remover}
          action={REVIEW_ACTION}
          fields={{ intent: "reply-remove", reviewId: review.id, page }}
          label="Rimuovi risposta"
          accessibleLabel={`Rimuovi risposta a ${review.name}`}
          secondary
          disabled={busy}
        />
      ) : null}
    </div>
  );
}
