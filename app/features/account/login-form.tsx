import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useHydrated } from "~/ui/use-hydrated";
import { useActionResult } from "~/core/forms/action-result";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { Field } from "~/core/forms/field";
import { codeStepSchema, type LoginResult, type LoginStep, passwordStepSchema } from "./login-schema";
import { LOGIN_MESSAGES } from "./messages";
import { FORGOT_PASSWORD_PATH } from "./password-reset-links";

/** The sign-in page: the password step, or the code step when two-factor sign-in is on. */
export function LoginPage({ step, result }: { step: LoginStep; result?: LoginResult }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/admin-login";
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? (result && !result.ok ? result.message : null);
  useActionResult(result, () => setClientError(null));

  return (
    <div className="page admin-auth">
      <div className="admin-card admin-auth__card">
        {step === "code" ? (
          <SecondFactorForm busy={busy} error={error} onClientError={setClientError} />
        ) : (
          <PasswordForm
            busy={busy}
            error={error}
            email={result?.email ?? ""}
            withCode={result?.withCode ?? false}
            onClientError={setClientError}
          />
        )}
        <Link to="/home" className="button button--secondary admin-auth__home">
          Torna alla home
        </Link>
      </div>
    </div>
  );
}

/** The code field, alike in both forms that ask for it (the second step, and the password past the account's limit). */
const CODE_INPUT = {
  name: "code",
  type: "text",
  autoComplete: "one-time-code",
  autoCapitalize: "none",
  spellCheck: false,
  maxLength: 20,
} as const;

/** The form's own message: announced by the toast, it stays readable here (and works without JavaScript). */
function FormError({ id, message }: { id: string; message: string | null }) {
  return message ? (
    <p className="admin-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

function PasswordForm({
  busy,
  error,
  email,
  withCode,
  onClientError,
}: {
  busy: boolean;
  error: string | null;
  email: string;
  /** The account's limit is full: the second factor goes with the password. */
  withCode: boolean;
  onClientError: (message: string | null) => void;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const missing = error === LOGIN_MESSAGES.missingFields ? [error] : null;

  const { formProps: check } = useSchemaForm(passwordStepSchema, {
    id: "login-password-form",
    message: { fallback: LOGIN_MESSAGES.missingFields, show: onClientError },
  });

  return (
    <>
      <h1 className="admin-auth__title">Accesso amministratore</h1>
      <p className="admin-auth__lead">Area riservata alla gestione del sito.</p>
      {/* The check sets noValidate: our own Italian message instead of the browser's bubble; `required` still tells assistive tech. */}
      <Form
        method="post"
        action="/admin-login"
        className="admin-form"
        {...check}
        aria-describedby={error ? "login-error" : undefined}
      >
        <input type="hidden" name="intent" value="password" />
        <FormError id="login-error" message={error} />
        <Field id="login-email" label="Email">
          {(control) => (
            <input
              {...control}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              defaultValue={email}
              aria-invalid={missing ? true : undefined}
            />
          )}
        </Field>
        <Field id="login-password" label="Password">
          {(control) => (
            <div className="admin-password">
              <input
                {...control}
                name="password"
                type={shown ? "text" : "password"}
                autoComplete="current-password"
                required
                aria-invalid={missing ? true : undefined}
              />
              {/* Needs JavaScript, so it appears only once the page is interactive. */}
              <button
                type="button"
                className="admin-password__toggle"
                hidden={!hydrated}
                aria-pressed={shown}
                aria-controls="login-password"
                onClick={() => setShown((v) => !v)}
              >
                {shown ? "Nascondi" : "Mostra"}
                <span className="visually-hidden"> password</span>
              </button>
            </div>
          )}
        </Field>
        {withCode ? (
          <Field id="login-code" label="Codice di verifica (app di autenticazione o codice di recupero)">
            {(control) => <input {...control} {...CODE_INPUT} />}
          </Field>
        ) : null}
        <button type="submit" className="button admin-form__submit" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Accesso in corso..." : "Accedi"}
        </button>
      </Form>
      <Link to={FORGOT_PASSWORD_PATH} className="admin-auth__forgot">
        Password dimenticata?
      </Link>
    </>
  );
}

function SecondFactorForm({
  busy,
  error,
  onClientError,
}: {
  busy: boolean;
  error: string | null;
  onClientError: (message: string | null) => void;
}) {
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => codeRef.current?.focus(), []);
  const { formProps: check } = useSchemaForm(codeStepSchema, {
    id: "login-code-form",
    message: { fallback: LOGIN_MESSAGES.missingCode, show: onClientError },
  });
  return (
    <>
      <h1 className="admin-auth__title">Verifica in due passaggi</h1>
      <p className="admin-auth__lead" id="code-help">
        Inserisci il codice a 6 cifre mostrato dall'app di autenticazione, oppure uno dei codici di recupero.
      </p>
      <Form method="post" action="/admin-login" className="admin-form" {...check}>
        <FormError id="code-error" message={error} />
        <Field id="login-code" label="Codice di verifica">
          {(control) => (
            <input
              {...control}
              ref={codeRef}
              {...CODE_INPUT}
              required
              aria-describedby={error ? "code-help code-error" : "code-help"}
            />
          )}
        </Field>
        <button type="submit" name="intent" value="code" className="button admin-form__submit" disabled={busy}>
          {busy ? "Verifica in corso..." : "Verifica"}
        </button>
        <button type="submit" name="intent" value="cancel" className="button button--secondary" formNoValidate>
          Annulla
        </button>
      </Form>
    </>
  );
}
