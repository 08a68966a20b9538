import { Form, Link, useNavigation } from "react-router";
import { useActionResult, type ActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { passwordForgotSchema, passwordResetSchema } from "./account-forms";
import { MIN_PASSWORD_LENGTH, PASSWORD_RESET_MESSAGES, RESET_LINK_MESSAGES } from "./messages";
import { PasswordField } from "./password-form";
import { FORGOT_PASSWORD_PATH, NEW_PASSWORD_PATH, type ResetLinkState } from "./password-reset-links";

/** The sign-in page's card, for the two pages of "Password dimenticata?". */
function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="page admin-auth">
      <div className="admin-card admin-auth__card">
        <h1 className="admin-auth__title">{title}</h1>
        {children}
        <Link to="/admin-login" className="button button--secondary admin-auth__home">
          Torna all'accesso
        </Link>
      </div>
    </div>
  );
}

const useBusy = (path: string) => {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === path;
};

/**
 * "Password dimenticata?": the address to send a link to; once sent, the same sentence whatever
 * the address. Without e-mail configured, how the person who installed the site sets a new one.
 */
export function ForgotPasswordPage({ mailEnabled, result }: { mailEnabled: boolean; result?: ActionResult }) {
  const action = FORGOT_PASSWORD_PATH;
  const busy = useBusy(action);
  const { fields, formProps } = useSchemaForm(passwordForgotSchema, {
    id: "password-forgot",
    lastResult: result?.reply,
  });
  // A refusal is announced; the answer itself replaces the form (its status line is read out).
  useActionResult(result?.ok ? undefined : result);
  if (!mailEnabled) {
    return (
      <AuthCard title="Password dimenticata?">
        <p className="admin-auth__lead">{PASSWORD_RESET_MESSAGES.mailOff}</p>
        <p className="admin-auth__lead">
          Chi ha installato il sito può impostare una nuova password dal server, nella cartella del sito, con il
          comando:
        </p>
        <pre className="admin-auth__command">
          <code>npm run admin:create -- --email indirizzo@esempio.it</code>
        </pre>
        <p className="admin-auth__lead">
          Al posto di <code>indirizzo@esempio.it</code> va l'email con cui accedi; il comando chiede la nuova password
          due volte e chiude tutte le sessioni aperte. Se hai perso anche il telefono con l'app di autenticazione e i
          codici di recupero, aggiungendo <code>--reset-2fa</code> si disattiva anche la verifica in due passaggi.
        </p>
      </AuthCard>
    );
  }
  if (result?.ok) {
    return (
      <AuthCard title="Controlla la tua email">
        <p className="admin-notice" role="status">
          {result.message}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Password dimenticata?">
      <p className="admin-auth__lead">
        Scrivi l'indirizzo email con cui accedi al pannello: ti invieremo un link per scegliere una nuova password.
      </p>
      <Form method="post" action={action} className="admin-form" {...formProps}>
        {result && !result.ok && !result.reply ? <p className="admin-form__error">{result.message}</p> : null}
        <Field id="forgot-email" label="Email" errors={fields.email.errors}>
          {(control) => (
            <input
              {...control}
              name={fields.email.name}
              type="email"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              defaultValue={String(fields.email.initialValue ?? "")}
            />
          )}
        </Field>
        <button type="submit" className="button admin-form__submit" disabled={busy}>
          {busy ? "Invio in corso..." : "Invia il link"}
        </button>
      </Form>
    </AuthCard>
  );
}

/** The page a reset link opens: the new password twice, or why the link no longer works. */
/** The new-password form's answer: a refused link says which state it is in. */
export type NewPasswordResult = ActionResult & { state?: Exclude<ResetLinkState, "valid"> };

export function NewPasswordPage({
  state,
  token,
  result,
}: {
  state: ResetLinkState;
  token: string;
  result?: NewPasswordResult;
}) {
  const action = NEW_PASSWORD_PATH;
  const busy = useBusy(action);
  const { fields, formProps } = useSchemaForm(passwordResetSchema, { id: "password-reset", lastResult: result?.reply });
  // A refused link replaces the form with its own status line; only a refused password is announced.
  useActionResult(result?.state ? undefined : result);
  const refused = result?.state ?? (state === "valid" ? null : state);
  if (refused) {
    return (
      <AuthCard
        title={refused === "expired" ? "Link scaduto" : refused === "used" ? "Link già usato" : "Link non valido"}
      >
        <p className="admin-notice" role="status">
          {RESET_LINK_MESSAGES[refused]}
        </p>
        <Link to={FORGOT_PASSWORD_PATH} className="button">
          Chiedi un nuovo link
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Scegli una nuova password">
      <p className="admin-auth__lead">
        Dopo il cambio tutte le sessioni aperte vengono chiuse e accedi di nuovo con la nuova password (e con il codice,
        se hai attivato la verifica in due passaggi).
      </p>
      <Form method="post" action={action} className="admin-form" {...formProps}>
        <input type="hidden" name="token" value={token} />
        <PasswordField
          id="reset-next"
          label="Nuova password"
          hint={`Almeno ${MIN_PASSWORD_LENGTH} caratteri. Una frase di più parole è facile da ricordare e difficile da indovinare.`}
          field={fields.next}
          kind="new"
        />
        <PasswordField id="reset-confirm" label="Ripeti la nuova password" field={fields.confirm} kind="repeat" />
        <button type="submit" className="button admin-form__submit" disabled={busy}>
          {busy ? "Salvataggio..." : "Salva la nuova password"}
        </button>
      </Form>
    </AuthCard>
  );
}
