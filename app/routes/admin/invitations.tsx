import { useId, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/invitations";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { AdminErrorBoundary } from "~/ui/admin/error-boundary";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { TextField } from "~/features/site-content/editor/fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { MailStatus, readMailStatus } from "~/ui/admin/mail-status";
import { formatItalianDate } from "~/core/format/italian-format";
import { useHydrated } from "~/ui/use-hydrated";
import { pageMeta } from "~/features/site-content/meta";
import { invitationState, type InvitationState } from "~/features/reviews/review-invitations.server";
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
  const [rows, mail] = await Promise.all([s.invitations.list(50), readMailStatus(s.mailer)]);
  const now = new Date();
  return data({
    validDays: s.config.reviewInvitationDays,
    mail,
    invitations: rows.map((row) => ({
      id: row.id,
      patientName: row.patientName,
      note: row.note,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      usedAt: row.usedAt?.toISOString() ?? null,
      state: invitationState(row, now),
    })),
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
    const { note, patientName } = submission.value;
    const created = await createInvitation(s, { note, patientName });
    s.logger.info("review invitation created");
    // Shown in this answer only, with or without JavaScript (no redirect): the token is not stored, so it
    // cannot be shown again.
    return respond<InvitationActionData>(request, s.flash, { ok: true, message: INVITATION_MESSAGES.created, created });
  }
  const { status, ...result } = await revokeInvitation(s, submission.value.id);
  return respond(request, s.flash, result, { status, redirectTo: "/admin/inviti" });
}

const stateLabels: Record<InvitationState, string> = {
  valid: "Valido",
  used: "Usato",
  expired: "Scaduto",
  revoked: "Revocato",
  unknown: "Sconosciuto",
};

export default function AdminInvitations({ loaderData, actionData }: Route.ComponentProps) {
  const creator = useFetcher<InvitationActionData>();
  const id = useId();
  const result = (creator.data ?? actionData) as InvitationActionData | undefined;
  const created = result?.created ?? null;
  const error = result && !result.ok ? result.message : null;
  const { fields, formProps } = useSchemaForm(invitationActionSchema, {
    id: "nuovo-invito",
    lastResult: result && !result.ok ? result.reply : undefined,
  });
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

function CreatedInvitationPanel({ created }: { created: CreatedInvitation }) {
  const hydrated = useHydrated();
  const id = useId();
  const [copied, setCopied] = useState<"link" | "message" | null>(null);
  const copy = async (what: "link" | "message") => {
    try {
      await navigator.clipboard.writeText(what === "link" ? created.link : created.message);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <div className="admin-invite" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Invito pronto</h3>
      <p className="admin-invite__warning">{INVITATION_MESSAGES.showOnce}</p>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-link`}>
          Link personale (valido fino al {formatItalianDate(created.expiresAt)})
        </label>
        <input id={`${id}-link`} type="text" readOnly value={created.link} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-message`}>
          Messaggio da copiare (WhatsApp, SMS, e-mail)
        </label>
        <textarea
          id={`${id}-message`}
          readOnly
          rows={8}
          value={created.message}
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      {hydrated ? (
        <div className="admin-invite__actions">
          <button type="button" className="button button--secondary" onClick={() => void copy("link")}>
            Copia link
          </button>
          <button type="button" className="button button--secondary" onClick={() => void copy("message")}>
            Copia messaggio
          </button>
          <span role="status" className="admin-invite__copied">
            {copied === "link" ? "Link copiato" : copied === "message" ? "Messaggio copiato" : ""}
          </span>
        </div>
      ) : null}
      <figure className="admin-invite__qr">
        <img src={created.qrPng} width={240} height={240} alt="Codice QR che apre il link dell'invito" />
        <figcaption>
          <a href={created.qrPng} download="invito-recensione.png" className="button button--secondary">
            Scarica il QR (PNG)
          </a>
        </figcaption>
      </figure>
    </div>
  );
}

function InvitationRow({
  invitation,
}: {
  invitation: {
    id: string;
    patientName: string | null;
    note: string | null;
    createdAt: string;
    expiresAt: string;
    usedAt: string | null;
    state: InvitationState;
  };
}) {
  const revoker = useFetcher<ActionResult>();
  useActionResult(revoker.data);
  const who = invitation.patientName ?? "paziente senza nome";
  const state = revoker.formData ? "revoked" : invitation.state;
  return (
    <li className="admin-invitations__item">
      <p className="admin-invitations__who">
        <strong>{who}</strong> · creato il {formatItalianDate(invitation.createdAt)}
        {invitation.note ? <span className="admin-invitations__note"> · Nota: {invitation.note}</span> : null}
      </p>
      <p className={`admin-invitations__state admin-invitations__state--${state}`}>
        {stateLabels[state]}
        {state === "valid" ? ` fino al ${formatItalianDate(invitation.expiresAt)}` : null}
        {state === "used" && invitation.usedAt ? ` il ${formatItalianDate(invitation.usedAt)}` : null}
      </p>
      {state === "valid" ? (
        <revoker.Form method="post" action="/admin/inviti">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="id" value={invitation.id} />
          <button type="submit" className="admin-action admin-action--danger" aria-label={`Revoca l'invito per ${who}`}>
            Revoca
          </button>
        </revoker.Form>
      ) : null}
    </li>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorBoundary error={error} />;
}
