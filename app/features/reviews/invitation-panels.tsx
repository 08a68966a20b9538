import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { formatItalianDate } from "~/core/format/italian-format";
import { useHydrated } from "~/ui/use-hydrated";
import { INVITATION_MESSAGES, INVITATION_STATE_LABELS } from "./messages";
import type { InvitationState } from "./review-invitations.server";
import type { CreatedInvitation } from "./review-trust-actions.server";

/** One invitation as the practitioner's list shows it (dates as ISO strings). */
export interface InvitationRowView {
  id: string;
  patientName: string | null;
  note: string | null;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
  state: InvitationState;
}

/** A new invitation, shown once: its link, the message to paste, buttons to copy them, and the QR code. */
export function CreatedInvitationPanel({ created }: { created: CreatedInvitation }) {
  const hydrated = useHydrated();
  const id = useId();
  const [copied, setCopied] = useState<"link" | "message" | null>(null);
  // The phone's share sheet (WhatsApp, SMS, e-mail…) where the browser has one; copying otherwise.
  const canShare = hydrated && typeof navigator.share === "function";
  const share = async () => {
    try {
      await navigator.share({ title: "Invito a lasciare una recensione", text: created.message });
    } catch {
      // Closed without choosing: nothing to say.
    }
  };
  const copy = async (what: "link" | "message") => {
    try {
      await navigator.clipboard.writeText(what === "link" ? created.link : created.message);
      setCopied(what);
    } catch {
      setCopied(null);
    }
  };
  return (
    <div className="shown-once" role="region" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Invito pronto</h3>
      <p className="shown-once__warning">{INVITATION_MESSAGES.showOnce}</p>
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
        <div className="shown-once__actions">
          {canShare ? (
            <button type="button" className="button" onClick={() => void share()}>
              Condividi
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={() => void copy("link")}>
            Copia link
          </button>
          <button type="button" className="button button--secondary" onClick={() => void copy("message")}>
            Copia messaggio
          </button>
          <span role="status">
            {copied === "link" ? "Link copiato" : copied === "message" ? "Messaggio copiato" : ""}
          </span>
        </div>
      ) : null}
      <figure className="invite-qr">
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

/** One invitation in the list: for whom, when, its state, and "Revoca" while it can still be used. */
export function InvitationRow({ invitation }: { invitation: InvitationRowView }) {
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
        {INVITATION_STATE_LABELS[state]}
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
