import { Form, useNavigation } from "react-router";
import { formatNumericDateTime } from "~/core/format/admin-format";
import { formatItalianNumericDate } from "~/core/format/italian-format";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import type { AccountIntent, AccountResult } from "./account-forms";
import type { AccountView } from "./account.server";
import { PasswordForm } from "./password-form";
import { TwoFactor } from "./two-factor";

/**
 * "Account e sicurezza": the password, two-factor sign-in and the signed-in devices. `actionData`
 * is the last change's result; it is shown beside the form it came from.
 */
export function AccountScreen({ view, actionData }: { view: AccountView; actionData?: ActionResult }) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const result = actionData && "intent" in actionData ? (actionData as AccountResult) : undefined;
  useActionResult(actionData);
  const resultFor = (...intents: AccountIntent[]) => (result && intents.includes(result.intent) ? result : undefined);

  return (
    <>
      <h1 className="admin__title">Account e sicurezza</h1>
      <p className="admin-section__lead">
        Accesso come <strong>{view.email}</strong>
      </p>

      <section className="admin-section" aria-labelledby="password-titolo">
        <h2 id="password-titolo" className="admin-section__title">
          Cambia password
        </h2>
        <PasswordForm busy={busyIntent === "password"} result={resultFor("password")} email={view.email} />
      </section>

      <section className="admin-section" aria-labelledby="due-passaggi-titolo">
        <h2 id="due-passaggi-titolo" className="admin-section__title">
          Verifica in due passaggi
        </h2>
        <TwoFactor
          twoFactor={view.twoFactor}
          busyIntent={busyIntent}
          result={resultFor("totp-start", "totp-confirm", "totp-cancel", "totp-disable", "recovery-codes")}
        />
      </section>

      <SessionList sessions={view.sessions} busy={busyIntent === "logout-others"} />
    </>
  );
}

/** The signed-in devices, and signing out all but this one. */
function SessionList({ sessions, busy }: { sessions: AccountView["sessions"]; busy: boolean }) {
  return (
    <section className="admin-section" aria-labelledby="sessioni-titolo">
      <h2 id="sessioni-titolo" className="admin-section__title">
        Sessioni attive ({sessions.length})
      </h2>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.key} className="session-list__item">
            <p className="session-list__device">
              {session.device}
              {session.current ? <span className="admin-badge">Questa sessione</span> : null}
            </p>
            <p className="session-list__meta">
              Ultima attività {formatNumericDateTime(session.lastSeenAt)}
              {session.ip ? ` · IP ${session.ip}` : ""} · accesso del {formatItalianNumericDate(session.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      <Form method="post" className="admin-form admin-form--inline">
        <input type="hidden" name="intent" value="logout-others" />
        <button type="submit" className="button button--secondary" disabled={busy || sessions.length < 2}>
          Disconnetti le altre sessioni
        </button>
      </Form>
    </section>
  );
}
