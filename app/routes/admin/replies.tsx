import { useRef } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/replies";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { formatCount } from "~/core/format/italian-format";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { LiveHandle } from "~/ui/live-updates";
import { ReviewCard } from "~/features/reviews/review-card";
import { pageMeta } from "~/features/site-content/meta";
import { REPLY_MAX_LENGTH } from "~/features/reviews/messages";
import { REPLY_MESSAGES } from "~/features/reviews/moderation-messages";
import { ReviewActionButton } from "~/features/reviews/review-actions";
import { replyActionSchema } from "~/features/reviews/review-admin-forms";
import { removeReply, saveReply } from "~/features/reviews/review-trust-actions.server";
import { toReviewView } from "~/features/reviews/reviews.server";
import type { ReviewView } from "~/features/reviews/review-view";
import { servicesContext } from "~/context";
import adminReviewsStyles from "~/styles/admin-reviews.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminReviewsStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Risposte alle recensioni", "Le risposte pubbliche dello studio alle recensioni.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["reviews"] };

const PAGE = 20;
const MAX = 500;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const practitionerName = (await s.siteContent.current()).content.practitioner.name;
  const limit = Math.min(
    MAX,
    Math.max(PAGE, Number.parseInt(new URL(request.url).searchParams.get("n") ?? "", 10) || PAGE),
  );
  const page = await s.reviews.listPage({ limit });
  return data({
    reviews: page.reviews.map((r) => toReviewView(s.media, r, practitionerName)),
    more: page.nextCursor ? limit + PAGE : null,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = await readForm(request);
  const submission = parseSubmission(form, replyActionSchema);
  const back = (id?: unknown) => `/admin/risposte${typeof id === "string" ? `#recensione-${id}` : ""}`;
  if (submission.status !== "success") {
    return respond(request, s.flash, refusal(submission, REPLY_MESSAGES.notFound), {
      redirectTo: back(form.get("reviewId")),
    });
  }
  const input = submission.value;
  const { status, ...result } =
    input.intent === "save" ? await saveReply(s, input) : await removeReply(s, input.reviewId);
  return respond(request, s.flash, result, { status, redirectTo: back(input.reviewId) });
}

export default function AdminReplies({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin__title">Risposte alle recensioni</h1>
      <p className="admin-section__lead">
        Una risposta per recensione, visibile a tutti sotto la recensione come «Risposta di …». Solo testo, al massimo{" "}
        {formatCount(REPLY_MAX_LENGTH)} caratteri.
      </p>
      {loaderData.reviews.length === 0 ? (
        <p className="admin-empty">Nessuna recensione ricevuta finora.</p>
      ) : (
        <ol className="admin-replies">
          {loaderData.reviews.map((review) => (
            <li key={review.id} id={`recensione-${review.id}`} className="admin-replies__item">
              <ReviewCard review={review} headingLevel={2} />
              <ReplyEditor review={review} />
            </li>
          ))}
        </ol>
      )}
      {loaderData.more ? (
        <Link to={`/admin/risposte?n=${loaderData.more}`} className="button button--secondary" preventScrollReset>
          Mostra altre recensioni
        </Link>
      ) : null}
    </>
  );
}

function ReplyEditor({ review }: { review: ReviewView }) {
  const saver = useFetcher<ActionResult>();
  const remover = useFetcher<ActionResult>();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const { fields, formProps } = useSchemaForm(replyActionSchema, {
    id: `risposta-${review.id}`,
    lastResult: saver.state === "idle" ? saver.data?.reply : undefined,
  });
  useActionResult(saver.data);
  useActionResult(remover.data, (result) => {
    if (result.ok && textRef.current) textRef.current.value = "";
  });
  const busy = saver.state !== "idle" || remover.state !== "idle";
  return (
    <div className="admin-reply">
      <saver.Form method="post" action="/admin/risposte" className="admin-reply__form" {...formProps}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="reviewId" value={review.id} />
        <Field
          id={fields.content.id}
          label={`${review.reply ? "Modifica la risposta" : "Rispondi"} a ${review.name}`}
          hint={REPLY_MESSAGES.secrecy}
          hintFirst
          errors={fields.content.errors}
        >
          {(control) => (
            <textarea
              {...control}
              ref={textRef}
              name={fields.content.name}
              rows={3}
              maxLength={REPLY_MAX_LENGTH}
              required
              defaultValue={review.reply?.content ?? ""}
              key={review.reply?.date ?? "none"}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={busy}>
          {saver.state !== "idle" ? "Pubblicazione…" : review.reply ? "Aggiorna risposta" : "Pubblica risposta"}
        </button>
      </saver.Form>
      {review.reply ? (
        <ReviewActionButton
          fetcher={remover}
          action="/admin/risposte"
          fields={{ intent: "remove", reviewId: review.id }}
          label="Rimuovi risposta"
          accessibleLabel={`Rimuovi risposta a ${review.name}`}
          secondary
          disabled={busy}
        />
      ) : null}
    </div>
  );
}
