import type { ReactNode } from "react";
import { Form } from "react-router";
import { formatItalianNumericDate } from "~/core/format/italian-format";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { type AccountResult, twoFactorSchema } from "./account-forms";
import { PasswordField } from "./password-form";

/** Two-factor sign-in as it stands: on (with new codes or turning it off), being enrolled (the QR code), or off. */
export function TwoFactor({
  twoFactor,
  busyIntent,
  result,
}: {
  twoFactor: { enabledAt: string | null; recoveryCodesLeft: number; enrolment: { secret: string; qr: string } | null };
  busyIntent: string | null;
  result?: AccountResult;
}) {
  const lastResult = result?.reply;
  const codes = result?.ok ? result.recoveryCodes : undefined;

  if (twoFactor.enabledAt) {
    return (
      <>
        <p>
          <span className="admin-badge admin-badge--ok">Attiva</span> dal{" "}
          {formatItalianNumericDate(twoFactor.enabledAt)}. A ogni accesso, dopo la password, ti viene chiesto il codice
          dell'app di autenticazione. Codici di recupero ancora validi: {twoFactor.recoveryCodesLeft}.
        </p>
        {codes ? <RecoveryCodes codes={codes} /> : null}
        <TwoFactorForm id="totp-password-form" className="admin-form" lastResult={lastResult}>
          {(fields) => (
            <>
              <PasswordField
                id="totp-password"
                label="Password attuale (per generare nuovi codici o disattivare)"
                field={fields.password}
              />
              <div className="admin-form__buttons">
                <button
                  type="submit"
                  name="intent"
                  value="recovery-codes"
                  className="button button--secondary"
                  disabled={busyIntent !== null}
                >
                  Genera nuovi codici di recupero
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="totp-disable"
                  className="button admin-button--danger"
                  disabled={busyIntent !== null}
                >
                  Disattiva la verifica in due passaggi
                </button>
              </div>
            </>
          )}
        </TwoFactorForm>
      </>
    );
  }

  if (twoFactor.enrolment) {
    const grouped = twoFactor.enrolment.secret.match(/.{1,4}/g)!.join(" ");
    return (
      <div className="totp-enrol">
        <ol className="totp-enrol__steps">
          <li>
            Apri un'app di autenticazione sul telefono (ad esempio Google Authenticator, Microsoft Authenticator,
            1Password).
          </li>
          <li>Scansiona questo codice QR, oppure inserisci a mano la chiave qui sotto.</li>
          <li>Scrivi il codice a 6 cifre che l'app mostra e conferma.</li>
        </ol>
        <img
          className="totp-enrol__qr"
          src={twoFactor.enrolment.qr}
          width={240}
          height={240}
          alt="Codice QR da scansionare con l'app di autenticazione"
        />
        <p className="totp-enrol__secret">
          Chiave: <code>{grouped}</code>
        </p>
        <TwoFactorForm id="totp-code-form" className="admin-form" lastResult={lastResult}>
          {(fields) => (
            <>
              <Field id="totp-code" label="Codice a 6 cifre" errors={fields.code.errors}>
                {(control) => (
                  <input
                    {...control}
                    name={fields.code.name}
                    type="text"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9 ]*"
                    maxLength={7}
                    required
                  />
                )}
              </Field>
              <div className="admin-form__buttons">
                <button
                  type="submit"
                  name="intent"
                  value="totp-confirm"
                  className="button"
                  disabled={busyIntent !== null}
                >
                  {busyIntent === "totp-confirm" ? "Verifica in corso..." : "Conferma e attiva"}
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="totp-cancel"
                  className="button button--secondary"
                  formNoValidate
                  disabled={busyIntent !== null}
                >
                  Annulla
                </button>
              </div>
            </>
          )}
        </TwoFactorForm>
      </div>
    );
  }

  return (
    <>
      <p>
        Non attiva. Con la verifica in due passaggi, per accedere servono la password e un codice generato da un'app sul
        tuo telefono: chi scoprisse la password non potrebbe comunque entrare.
      </p>
      {codes ? <RecoveryCodes codes={codes} /> : null}
      <Form method="post" className="admin-form admin-form--inline">
        <button type="submit" name="intent" value="totp-start" className="button" disabled={busyIntent !== null}>
          Attiva la verifica in due passaggi
        </button>
      </Form>
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`Codici di recupero\n\n${codes.join("\n")}\n`)}`;
  return (
    <div className="recovery-codes" role="region" aria-labelledby="codici-titolo">
      <h3 id="codici-titolo">I tuoi codici di recupero</h3>
      <p>
        Ogni codice permette di accedere una sola volta se non hai il telefono con te. Salvali ora in un luogo sicuro:
        non verranno più mostrati.
      </p>
      <ol className="recovery-codes__list">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <a className="button button--secondary" href={file} download="codici-di-recupero.txt">
        Scarica i codici
      </a>
    </div>
  );
}

type TwoFactorFields = ReturnType<typeof useSchemaForm<typeof twoFactorSchema>>["fields"];

/**
 * A form of the two-factor section, checked in the browser with the section's schema (the button
 * pressed says which intent). `fields` holds every field of the section; each form renders its own.
 */
function TwoFactorForm({
  id,
  className,
  lastResult,
  children,
}: {
  id: string;
  className: string;
  lastResult: AccountResult["reply"];
  children: (fields: TwoFactorFields) => ReactNode;
}) {
  const { fields, formProps } = useSchemaForm(twoFactorSchema, { id, lastResult });
  return (
    <Form method="post" className={className} {...formProps}>
      {children(fields)}
    </Form>
  );
}
