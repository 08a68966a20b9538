import { useEffect, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/admin-account";
import { respond } from "~/admin/actions.server";
import { createAdminAccounts } from "~/auth/accounts.server";
import { requireAdmin } from "~/auth/admin-auth.server";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "~/auth/messages";
import { passwordProblem, verifyPassword } from "~/auth/password.server";
import { createSessionStore } from "~/auth/sessions.server";
import { totpQrDataUrl, totpUri } from "~/auth/totp.server";
import { describeUserAgent } from "~/auth/user-agent";
import { toast } from "~/components/toaster";
import { readFormData } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { servicesContext } from "~/services.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, "Account e sicurezza", "Password, verifica in due passaggi e sessioni attive.", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  const { user } = admin;
  const sessions = await createSessionStore(s.database.db).list(user.id);
  const enrolling = Boolean(user.totpSecret && !user.totpEnabledAt);
  return data({
    email: user.email,
    twoFactor: {
      enabledAt: user.totpEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: user.recoveryCodeHashes.length,
      enrolment: enrolling
        ? {
            secret: user.totpSecret!,
            qr: await totpQrDataUrl(totpUri(user.totpSecret!, user.email, (await s.siteContent.current()).content.practitioner.name)),
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

const MESSAGES = {
  currentRequired: "Inserisci la password attuale",
  currentWrong: "La password attuale non è corretta",
  mismatch: "Le due nuove password non coincidono",
  passwordChanged: "Password aggiornata. Le altre sessioni sono state disconnesse.",
  totpStarted: "Scansiona il codice QR con l'app di autenticazione, poi inserisci il codice che mostra.",
  totpCodeWrong: "Codice non valido. Controlla che l'ora del telefono sia corretta e riprova.",
  totpEnabled: "Verifica in due passaggi attivata. Conserva i codici di recupero.",
  totpCancelled: "Attivazione annullata",
  totpDisabled: "Verifica in due passaggi disattivata",
  codesRegenerated: "Nuovi codici di recupero generati: quelli precedenti non valgono più.",
  othersSignedOut: "Le altre sessioni sono state disconnesse",
  noOthers: "Non ci sono altre sessioni attive",
  generic: "Si è verificato un errore",
} as const;

const text = z.string().max(MAX_PASSWORD_LENGTH * 2).default("");
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("password"), current: text, next: text, confirm: text }),
  z.object({ intent: z.literal("totp-start") }),
  z.object({ intent: z.literal("totp-confirm"), code: text }),
  z.object({ intent: z.literal("totp-cancel") }),
  z.object({ intent: z.literal("totp-disable"), password: text }),
  z.object({ intent: z.literal("recovery-codes"), password: text }),
  z.object({ intent: z.literal("logout-others") }),
]);

type Intent = z.infer<typeof actionSchema>["intent"];

function result(intent: Intent, ok: boolean, message: string, extra: { recoveryCodes?: string[]; field?: string } = {}) {
  return data({ intent, ok, message, ...extra }, { status: ok ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  const accounts = createAdminAccounts(s.database.db);
  const sessions = createSessionStore(s.database.db);
  const parsed = actionSchema.safeParse(Object.fromEntries(await readFormData(request, 16 * 1024)));
  if (!parsed.success) return respond(request, { ok: false, message: MESSAGES.generic }, { status: 400, redirectTo: "/admin/account" });
  const input = parsed.data;
  // Fresh from the database: the middleware's copy may predate a change made a moment ago in another tab.
  const user = (await accounts.get(admin.user.id))!;

  switch (input.intent) {
    case "password": {
      if (!input.current) return result(input.intent, false, MESSAGES.currentRequired, { field: "current" });
      const problem = passwordProblem(input.next);
      if (problem) return result(input.intent, false, problem, { field: "next" });
      if (input.next !== input.confirm) return result(input.intent, false, MESSAGES.mismatch, { field: "confirm" });
      const changed = await accounts.changePassword(user, input.current, input.next, admin.session.idHash);
      if (!changed) return result(input.intent, false, MESSAGES.currentWrong, { field: "current" });
      s.logger.info({ userId: user.id }, "admin password changed");
      return result(input.intent, true, MESSAGES.passwordChanged);
    }
    case "totp-start": {
      if (user.totpEnabledAt) return result(input.intent, false, MESSAGES.generic);
      await accounts.startTotp(user.id);
      return result(input.intent, true, MESSAGES.totpStarted);
    }
    case "totp-confirm": {
      const codes = await accounts.confirmTotp(user, input.code);
      if (!codes) return result(input.intent, false, MESSAGES.totpCodeWrong, { field: "code" });
      s.logger.info({ userId: user.id }, "two-factor sign-in enabled");
      return result(input.intent, true, MESSAGES.totpEnabled, { recoveryCodes: codes });
    }
    case "totp-cancel": {
      if (!user.totpEnabledAt) await accounts.disableTotp(user.id);
      return result(input.intent, true, MESSAGES.totpCancelled);
    }
    case "totp-disable":
    case "recovery-codes": {
      if (!input.password) return result(input.intent, false, MESSAGES.currentRequired, { field: "password" });
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        return result(input.intent, false, MESSAGES.currentWrong, { field: "password" });
      }
      if (input.intent === "totp-disable") {
        await accounts.disableTotp(user.id);
        s.logger.info({ userId: user.id }, "two-factor sign-in disabled");
        return result(input.intent, true, MESSAGES.totpDisabled);
      }
      const codes = await accounts.regenerateRecoveryCodes(user.id);
      return result(input.intent, true, MESSAGES.codesRegenerated, { recoveryCodes: codes });
    }
    case "logout-others": {
      const count = await sessions.deleteOthers(user.id, admin.session.idHash);
      return result(input.intent, true, count > 0 ? MESSAGES.othersSignedOut : MESSAGES.noOthers);
    }
  }
}

const dateTime = new Intl.DateTimeFormat("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" });
const date = new Intl.DateTimeFormat("it-IT", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Europe/Rome" });

type ActionData = { intent: Intent; ok: boolean; message: string; recoveryCodes?: string[]; field?: string };

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const result = actionData as ActionData | undefined;
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
  }, [result]);
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
        <TwoFactor twoFactor={twoFactor} busyIntent={busyIntent} result={resultFor("totp-start", "totp-confirm", "totp-cancel", "totp-disable", "recovery-codes")} />
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
          <button type="submit" className="button button--secondary" disabled={busyIntent === "logout-others" || loaderData.sessions.length < 2}>
            Disconnetti le altre sessioni
          </button>
        </Form>
      </section>
    </>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="admin-form__error" id={id}>
      {message}
    </p>
  ) : null;
}

function PasswordForm({ busy, result, email }: { busy: boolean; result?: ActionData; email: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);
  const errorFor = (field: string) => (result && !result.ok && result.field === field ? result.message : undefined);
  return (
    <Form method="post" className="admin-form" ref={formRef} noValidate>
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="admin-field">
        <label htmlFor="password-current">Password attuale</label>
        <input id="password-current" name="current" type="password" autoComplete="current-password" required aria-invalid={errorFor("current") ? true : undefined} aria-describedby={errorFor("current") ? "password-current-error" : undefined} />
        <FieldError id="password-current-error" message={errorFor("current")} />
      </div>
      <div className="admin-field">
        <label htmlFor="password-next">Nuova password</label>
        <input id="password-next" name="next" type="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} maxLength={MAX_PASSWORD_LENGTH} aria-describedby={errorFor("next") ? "password-next-hint password-next-error" : "password-next-hint"} aria-invalid={errorFor("next") ? true : undefined} />
        <p className="admin-field__hint" id="password-next-hint">
          Almeno {MIN_PASSWORD_LENGTH} caratteri. Una frase di più parole è facile da ricordare e difficile da indovinare.
        </p>
        <FieldError id="password-next-error" message={errorFor("next")} />
      </div>
      <div className="admin-field">
        <label htmlFor="password-confirm">Ripeti la nuova password</label>
        <input id="password-confirm" name="confirm" type="password" autoComplete="new-password" required aria-invalid={errorFor("confirm") ? true : undefined} aria-describedby={errorFor("confirm") ? "password-confirm-error" : undefined} />
        <FieldError id="password-confirm-error" message={errorFor("confirm")} />
      </div>
      {result?.ok ? <p className="admin-notice">{result.message}</p> : null}
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Salvataggio..." : "Cambia password"}
      </button>
    </Form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`Codici di recupero\n\n${codes.join("\n")}\n`)}`;
  return (
    <div className="recovery-codes" role="region" aria-labelledby="codici-titolo">
      <h3 id="codici-titolo">I tuoi codici di recupero</h3>
      <p>
        Ogni codice permette di accedere una sola volta se non hai il telefono con te. Salvali ora in un luogo sicuro: non
        verranno più mostrati.
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
  const errorFor = (field: string) => (result && !result.ok && result.field === field ? result.message : undefined);
  const codes = result?.ok ? result.recoveryCodes : undefined;

  if (twoFactor.enabledAt) {
    return (
      <>
        <p>
          <span className="admin-badge admin-badge--ok">Attiva</span> dal {date.format(new Date(twoFactor.enabledAt))}. A ogni
          accesso, dopo la password, ti viene chiesto il codice dell'app di autenticazione. Codici di recupero ancora
          validi: {twoFactor.recoveryCodesLeft}.
        </p>
        {codes ? <RecoveryCodes codes={codes} /> : null}
        <Form method="post" className="admin-form">
          <div className="admin-field">
            <label htmlFor="totp-password">Password attuale (per generare nuovi codici o disattivare)</label>
            <input id="totp-password" name="password" type="password" autoComplete="current-password" required aria-invalid={errorFor("password") ? true : undefined} aria-describedby={errorFor("password") ? "totp-password-error" : undefined} />
            <FieldError id="totp-password-error" message={errorFor("password")} />
          </div>
          <div className="admin-form__buttons">
            <button type="submit" name="intent" value="recovery-codes" className="button button--secondary" disabled={busyIntent !== null}>
              Genera nuovi codici di recupero
            </button>
            <button type="submit" name="intent" value="totp-disable" className="button admin-button--danger" disabled={busyIntent !== null}>
              Disattiva la verifica in due passaggi
            </button>
          </div>
        </Form>
      </>
    );
  }

  if (twoFactor.enrolment) {
    const grouped = twoFactor.enrolment.secret.match(/.{1,4}/g)!.join(" ");
    return (
      <div className="totp-enrol">
        <ol className="totp-enrol__steps">
          <li>Apri un'app di autenticazione sul telefono (ad esempio Google Authenticator, Microsoft Authenticator, 1Password).</li>
          <li>Scansiona questo codice QR, oppure inserisci a mano la chiave qui sotto.</li>
          <li>Scrivi il codice a 6 cifre che l'app mostra e conferma.</li>
        </ol>
        <img className="totp-enrol__qr" src={twoFactor.enrolment.qr} width={240} height={240} alt="Codice QR da scansionare con l'app di autenticazione" />
        <p className="totp-enrol__secret">
          Chiave: <code>{grouped}</code>
        </p>
        <Form method="post" className="admin-form" noValidate>
          <div className="admin-field">
            <label htmlFor="totp-code">Codice a 6 cifre</label>
            <input id="totp-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required aria-invalid={errorFor("code") ? true : undefined} aria-describedby={errorFor("code") ? "totp-code-error" : undefined} />
            <FieldError id="totp-code-error" message={errorFor("code")} />
          </div>
          <div className="admin-form__buttons">
            <button type="submit" name="intent" value="totp-confirm" className="button" disabled={busyIntent !== null}>
              {busyIntent === "totp-confirm" ? "Verifica in corso..." : "Conferma e attiva"}
            </button>
            <button type="submit" name="intent" value="totp-cancel" className="button button--secondary" formNoValidate disabled={busyIntent !== null}>
              Annulla
            </button>
          </div>
        </Form>
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
