import { useEffect, useId } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/invitations";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import type { ActionResult } from "~/core/forms/action-result";
import { TextField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { MailStatus, readMailStatus } from "~/ui/admin/mail-status";
import { pageMeta } from "~/features/site-content/meta";
import { CreatedInvitationPanel, InvitationRow } from "~/features/reviews/invitation-panels";
import { toInvitationRowView } from "~/features/reviews/review-invitations.server";
import { INVITATION_MESSAGES } from "~/features/reviews/messages";
import {
  INVITATION_NAME_MAX,
  INVITATION_NOTE_MAX,
  invitationActionSchema,
} from "~/features/reviews/review-admin-forms";
import {
  createInvitation,
  revokeInvitation,
  type CreatedInvitation,
} from "~/features/reviews/review-trust-actions.server";
import { servicesContext } from "~/context";
import adminReviewsStyles from "~/styles/admin-reviews.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminReviewsStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Invita a recensire", "Inviti personali per recensioni verificate.", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [rows, mail, site] = await Promise.all([
    s.invitations.list(50),
    readMailStatus(s.mailer),
    s.siteContent.current(),
  ]);
  const now = new Date();
  return data({
    reviewsShown: site.content.reviews.shown,
    validDays: s.config.reviewInvitationDays,
    mail,
    invitations: rows.map((row) => toInvitationRowView(row, now)),
  });
}

type InvitationActionData = ActionResult & { created?: CreatedInvitation };

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const form = await readForm(request);
  const submission = parseSubmission(form, invitationActionSchema);
  if (submission.status !== "success") {
    return respond<InvitationActionData>(request, s.flash, refusal(submission, INVITATION_MESSAGES.notRevocable), {
      status: 400,
    });
  }
  if (submission.value.intent === "create") {
    // Reviews hidden: the invitation's page would not be there.
    if (!(await s.siteContent.current()).content.reviews.shown)
      return respond(request, s.flash, { ok: false, message: INVITATION_MESSAGES.reviewsHidden }, { status: 409 });
    const { note, patientName } = submission.value;
    const { value: created } = await createInvitation(s, { note, patientName });
    s.logger.info("review invitation created");
    // Shown in this answer only, with or without JavaScript (no redirect): the token is not stored, so it
    // cannot be shown again.
    return respond<InvitationActionData>(request, s.flash, { ok: true, message: INVITATION_MESSAGES.created, created });
  }
  const revoked = await revokeInvitation(s, submission.value.id);
  const answer = revoked.ok
    ? { ok: true, message: INVITATION_MESSAGES.revoked }
    : { ok: false, message: INVITATION_MESSAGES[revoked.reason] };
  return respond(request, s.flash, answer, { status: revoked.ok ? 200 : 400, redirectTo: "/admin/inviti" });
}

export default function AdminInvitations({ loaderData, actionData }: Route.ComponentProps) {
  const creator = useFetcher<InvitationActionData>();
  const id = useId();
  const result = (creator.data ?? actionData) as InvitationActionData | undefined;
  const created = result?.created ?? null;
  const error = result && !result.ok ? result.message : null;
  const { form, fields, formProps } = useSchemaForm(invitationActionSchema, {
    id: "nuovo-invito",
    lastResult: result && !result.ok ? result.reply : undefined,
  });
  // Emptied once an invitation is made (without JavaScript the answer's page is empty already): the
  // name left in it invited the same patient twice.
  const createdNow = creator.data?.created;
  useEffect(() => {
    if (createdNow) form.reset();
  }, [createdNow, form.reset]);
  return (
    <>
      <h1 className="admin__title">Invita a recensire</h1>
      <MailStatus status={loaderData.mail} />
      <section className="admin-section" aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`} className="admin-section__title">
          Nuovo invito
        </h2>
        <p className="admin-section__lead">
          Dopo una visita, crea un invito e mandalo al paziente: la sua recensione sarà segnata come «Verificata». Ogni
          invito vale per una sola recensione e scade dopo {loaderData.validDays} giorni.
        </p>
        {loaderData.reviewsShown ? (
          <creator.Form method="post" action="/admin/inviti" className="admin-invite-form" {...formProps}>
            <input type="hidden" name="intent" value="create" />
            <TextField
              meta={fields.patientName}
              label="Nome del paziente"
              optional
              hint="Compare già scritto nel modulo; il paziente può cambiarlo."
              maxLength={INVITATION_NAME_MAX}
            />
            <TextField
              meta={fields.note}
              label={
                <>
                  Nota per te <span className="field__optional">(facoltativa, mai pubblicata)</span>
                </>
              }
              maxLength={INVITATION_NOTE_MAX}
            />
            {error && !result?.reply?.error ? (
              <p className="field__error" role="alert">
                {error}
              </p>
            ) : null}
            <button type="submit" className="button" disabled={creator.state !== "idle"}>
              {creator.state !== "idle" ? "Creazione…" : "Crea invito"}
            </button>
          </creator.Form>
        ) : (
          <p className="admin-notice" role="status">
            {INVITATION_MESSAGES.reviewsHidden}
          </p>
        )}
        {created ? <CreatedInvitationPanel created={created} /> : null}
      </section>

      <section className="admin-section" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`} className="admin-section__title">
          Inviti recenti
        </h2>
        {loaderData.invitations.length === 0 ? (
          <p className="admin-empty">Nessun invito creato finora.</p>
        ) : (
          <ul className="admin-invitations">
            {loaderData.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
