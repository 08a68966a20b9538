import { type ReactNode, useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/account";
import { changePassword, changeTwoFactor, signOutOtherSessions } from "~/features/account/account.server";
import {
  ACCOUNT_MESSAGES,
  accountActionSchema,
  type AccountIntent as Intent,
  type AccountResult as ActionData,
  passwordChangeSchema,
  twoFactorSchema,
} from "~/features/account/account-forms";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/features/account/messages";
import { totpQrDataUrl, totpUri } from "~/features/account/totp.server";
import { describeUserAgent } from "~/features/account/user-agent";
import { useActionResult } from "~/core/forms/action-result";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { pageMeta } from "~/features/site-content/meta";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Account e sicurezza", "Password, verifica in due passaggi e sessioni attive.", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  const { user } = admin;
  const sessions = await s.sessions.list(user.id);
  const enrolling = Boolean(user.totpSecret && !user.totpEnabledAt);
  return data({
    email: user.email,
    twoFactor: {
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: user.recoveryCodeHashes.length,
      enrolment: enrolling
        ? {
            secret: user.totpSecret!,
            qr: await totpQrDataUrl(
              totpUri(user.totpSecret!, user.email, (await s.siteContent.current()).content.practitioner.name),
            ),
          }
        : null,
    },
    sessions: sessions.map((session) => ({
      key: session.idHash.slice(0, 12),
      current: session.idHash === admin.session.idHash,
      device: describeUserAgent(session.userAgent),
      ip: session.ip,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: session.lastSeenAt.toISOString(),
    })),
  });
}

/** Never sent back to the page, not even to refill a refused form. */
const SECRET_FIELDS = ["current", "next", "confirm", "password", "code"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), accountActionSchema);
  if (submission.status !== "success") {
    const intent = accountActionSchema.options
      .map((o) => o.shape.intent.value)
      .find((i) => i === submission.payload.intent);
    // A form of this screen is shown again with its messages; anything else is refused with a toast.
    if (!intent) {
      return respond(
        request,
        s.flash,
        { ok: false, message: ACCOUNT_MESSAGES.generic },
        { status: 400, redirectTo: "/admin/account" },
      );
    }
    return respond(request, s.flash, { ...refusal(submission, ACCOUNT_MESSAGES.generic, SECRET_FIELDS), intent });
  }
  const input = submission.value;
  // Fresh from the database: the middleware's copy may predate a change made a moment ago in another tab.
  const user = (await s.adminAccounts.get(admin.user.id))!;
  const result =
    input.intent === "password"
      ? await changePassword(s, admin, user, input)
      : input.intent === "logout-others"
        ? await signOutOtherSessions(s, admin)
        : await changeTwoFactor(s, user, input);
  // A wrong password or code is shown next to its field, as the schema's messages are.
  const reply = result.field
    ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: SECRET_FIELDS })
    : undefined;
  // Rendered on this screen, also without JavaScript: recovery codes are shown once, here.
  return respond(request, s.flash, { ...result, reply });
}

const dateTime = new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" });
const date = new Intl.DateTimeFormat("it-IT", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Rome",
});

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const result = actionData && "intent" in actionData ? (actionData as ActionData) : undefined;
  useActionResult(actionData);
  const resultFor = (...intents: Intent[]) => (result && intents.includes(result.intent) ? result : undefined);
  const { twoFactor } = loaderData;

  return (
    <>
      <h1 className="admin__title">Account e sicurezza</h1>
      <p className="admin-section__lead">
        Accesso come <strong>{loaderData.email}</strong>
      </p>

      <section className="admin-section" aria-labelledby="password-titolo">
        <h2 id="password-titolo" className="admin-section__title">
          Cambia password
        </h2>
        <PasswordForm busy={busyIntent === "password"} result={resultFor("password")} email={loaderData.email} />
      </section>

      <section className="admin-section" aria-labelledby="due-passaggi-titolo">
        <h2 id="due-passaggi-titolo" className="admin-section__title">
          Verifica in due passaggi
        </h2>
        <TwoFactor
          twoFactor={twoFactor}
          busyIntent={busyIntent}
          result={resultFor("totp-start", "totp-confirm", "totp-cancel", "totp-disable", "recovery-codes")}
        />
      </section>

      <section className="admin-section" aria-labelledby="sessioni-titolo">
        <h2 id="sessioni-titolo" className="admin-section__title">
          Sessioni attive ({loaderData.sessions.length})
        </h2>
        <ul className="session-list">
          {loaderData.sessions.map((session) => (
            <li key={session.key} className="session-list__item">
              <p className="session-list__device">
                {session.device}
                {session.current ? <span className="admin-badge">Questa sessione</span> : null}
              </p>
              <p className="session-list__meta">
                Ultima attività {dateTime.format(new Date(session.lastSeenAt))}
                {session.ip ? ` · IP ${session.ip}` : ""} · accesso del {date.format(new Date(session.createdAt))}
              </p>
            </li>
          ))}
        </ul>
        <Form method="post" className="admin-form admin-form--inline">
          <input type="hidden" name="intent" value="logout-others" />
          <button
            type="submit"
            className="button button--secondary"
            disabled={busyIntent === "logout-others" || loaderData.sessions.length < 2}
          >
            Disconnetti le altre sessioni
          </button>
        </Form>
      </section>
    </>
  );
}

function PasswordForm({ busy, result, email }: { busy: boolean; result?: ActionData; email: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { fields, formProps } = useSchemaForm(passwordChangeSchema, { id: "password", lastResult: result?.reply });
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  return (
    <Form method="post" className="admin-form" ref={formRef} {...formProps}>
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField id="password-current" label="Password attuale" field={fields.current} />
      <PasswordField
        id="password-next"
        label="Nuova password"
        hint={`Almeno ${MIN_PASSWORD_LENGTH} caratteri. Una frase di più parole è facile da ricordare e difficile da indovinare.`}
        field={fields.next}
        kind="new"
      />
      <PasswordField id="password-confirm" label="Ripeti la nuova password" field={fields.confirm} kind="repeat" />
      {result?.ok ? <p className="admin-notice">{result.message}</p> : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Salvataggio..." : "Cambia password"}
      </button>
    </Form>
  );
}

/**
 * A password input on the shared Field, bound to its Conform field: the current password, the new
 * one (with the length rules, for the browser and password managers) or the new one repeated.
 */
function PasswordField({
  id,
  label,
  hint,
  field,
  kind = "current",
}: {
  id: string;
  label: string;
  hint?: string;
  field: { name: string; errors?: string[] };
  kind?: "current" | "new" | "repeat";
}) {
  return (
    <Field id={id} label={label} hint={hint} errors={field.errors}>
      {(control) => (
        <input
          {...control}
          name={field.name}
          type="password"
          autoComplete={kind === "current" ? "current-password" : "new-password"}
          required
          minLength={kind === "new" ? MIN_PASSWORD_LENGTH : undefined}
          maxLength={kind === "new" ? MAX_PASSWORD_LENGTH : undefined}
        />
      )}
    </Field>
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

function TwoFactor({
  twoFactor,
  busyIntent,
  result,
}: {
  twoFactor: { enabledAt: string | null; recoveryCodesLeft: number; enrolment: { secret: string; qr: string } | null };
  busyIntent: string | null;
  result?: ActionData;
}) {
  const lastResult = result?.reply;
  const codes = result?.ok ? result.recoveryCodes : undefined;

  if (twoFactor.enabledAt) {
    return (
      <>
        <p>
          <span className="admin-badge admin-badge--ok">Attiva</span> dal {date.format(new Date(twoFactor.enabledAt))}.
          A ogni accesso, dopo la password, ti viene chiesto il codice dell'app di autenticazione. Codici di recupero
          ancora validi: {twoFactor.recoveryCodesLeft}.
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
  lastResult: ActionData["reply"];
  children: (fields: TwoFactorFields) => ReactNode;
}) {
  const { fields, formProps } = useSchemaForm(twoFactorSchema, { id, lastResult });
  return (
    <Form method="post" className={className} {...formProps}>
      {children(fields)}
    </Form>
  );
}
