import { useEffect, useRef, useState } from "react";
import { data, Form, isRouteErrorResponse, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-login";
import { createAdminAccounts } from "~/auth/accounts.server";
import { assertSameOrigin } from "~/auth/admin-auth.server";
import { emailKey, loginThrottle, secondFactorKey } from "~/auth/login.server";
import { LOGIN_MESSAGES } from "~/auth/messages";
import {
  clearSessionCookie,
  createSessionStore,
  PENDING_SECOND_FACTOR_MS,
  readSessionToken,
  sessionCookie,
} from "~/auth/sessions.server";
import { useHydrated } from "~/components/use-hydrated";
import { toast } from "~/components/toaster";
import { flashCookie } from "~/lib/flash.server";
import { readFormData } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { requestContext, servicesContext } from "~/services.server";
import adminStyles from "~/styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Accesso", "Accesso riservato all'amministratore del sito.", { noindex: true });

type Step = "password" | "code";

export async function loader({ request, context }: Route.LoaderArgs) {
  const s = context.get(servicesContext);
  const active = await createSessionStore(s.database.db).find(readSessionToken(request));
  if (active?.session.verified) throw redirect("/admin");
  const step: Step = active ? "code" : "password";
  return data({ step }, { headers: { "Cache-Control": "private, no-store" } });
}

function successRedirect(request: Request, token: string) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  headers.append("Set-Cookie", sessionCookie(request, token));
  headers.append("Set-Cookie", flashCookie({ kind: "success", message: LOGIN_MESSAGES.success }));
  return redirect("/admin", { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  const { clientIp } = context.get(requestContext);
  const accounts = createAdminAccounts(s.database.db);
  const sessions = createSessionStore(s.database.db);
  const throttle = loginThrottle(s.rateLimiter, clientIp);

  let form: FormData;
  try {
    form = await readFormData(request, 16 * 1024);
  } catch {
    return data({ step: "password" as Step, error: LOGIN_MESSAGES.generic, email: "" }, { status: 413 });
  }
  const intent = String(form.get("intent") ?? "password");

  if (intent === "cancel") {
    const token = readSessionToken(request);
    if (token) await sessions.deleteByToken(token);
    return redirect("/admin-login", { headers: { "Set-Cookie": clearSessionCookie(request) } });
  }

  if (intent === "code") {
    const active = await sessions.find(readSessionToken(request));
    if (!active) {
      return data({ step: "password" as Step, error: LOGIN_MESSAGES.codeExpired, email: "" }, { status: 401 });
    }
    if (active.session.verified) throw redirect("/admin");
    const code = String(form.get("code") ?? "").trim();
    if (!code) return data({ step: "code" as Step, error: LOGIN_MESSAGES.missingCode, email: "" }, { status: 400 });
    const attempt = await throttle.begin(secondFactorKey(active.user.id));
    if (!attempt) {
      return data({ step: "code" as Step, error: LOGIN_MESSAGES.throttled, email: "" }, { status: 429 });
    }
    const factor = await accounts.checkSecondFactor(active.user, code);
    // A second tab completing the same pending login with another code loses the race here.
    const verified = factor ? await sessions.promote(active.session) : null;
    if (!verified) {
      s.logger.warn({ userId: active.user.id, ip: clientIp }, "second factor refused");
      return data({ step: "code" as Step, error: LOGIN_MESSAGES.invalidCode, email: "" }, { status: 401 });
    }
    await attempt.succeeded();
    s.logger.info({ userId: active.user.id, factor }, "admin signed in");
    return successRedirect(request, verified.token);
  }

  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) {
    return data({ step: "password" as Step, error: LOGIN_MESSAGES.missingFields, email }, { status: 400 });
  }
  const attempt = await throttle.begin(emailKey(email));
  if (!attempt) {
    return data({ step: "password" as Step, error: LOGIN_MESSAGES.throttled, email }, { status: 429 });
  }
  const user = await accounts.checkCredentials(email, password);
  if (!user) {
    s.logger.warn({ ip: clientIp }, "admin login refused");
    return data({ step: "password" as Step, error: LOGIN_MESSAGES.invalidCredentials, email }, { status: 401 });
  }
  await attempt.succeeded();
  // Housekeeping at a rare, cheap moment: expired sessions and old attempt counters go.
  await Promise.all([sessions.pruneExpired(), s.rateLimiter.prune(24 * 60 * 60 * 1000)]).catch((error: unknown) =>
    s.logger.warn({ err: error }, "pruning old sessions failed"),
  );
  const userAgent = request.headers.get("user-agent");
  if (user.totpEnabledAt) {
    const pending = await sessions.create({ userId: user.id, verified: false, userAgent, ip: clientIp });
    return redirect("/admin-login", {
      headers: { "Set-Cookie": sessionCookie(request, pending.token, PENDING_SECOND_FACTOR_MS), "Cache-Control": "no-store" },
    });
  }
  const session = await sessions.create({ userId: user.id, verified: true, userAgent, ip: clientIp });
  s.logger.info({ userId: user.id }, "admin signed in");
  return successRedirect(request, session.token);
}

/** A network failure or a server error shows "Errore durante il login" instead of an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { step: "password" as Step, error: LOGIN_MESSAGES.generic, email: "" };
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const step = actionData?.step ?? loaderData.step;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/admin-login";
  const [clientError, setClientError] = useState<string | null>(null);
  const serverError = actionData?.error ?? null;
  const error = clientError ?? serverError;

  useEffect(() => {
    if (actionData?.error) {
      setClientError(null);
      toast.error(actionData.error);
    }
  }, [actionData]);

  return (
    <div className="page admin-auth">
      <div className="admin-card admin-auth__card">
        {step === "code" ? (
          <SecondFactorForm busy={busy} error={error} onClientError={setClientError} />
        ) : (
          <PasswordForm busy={busy} error={error} email={actionData?.email ?? ""} onClientError={setClientError} />
        )}
        <Link to="/home" className="button button--secondary admin-auth__home">
          Torna alla Home
        </Link>
      </div>
    </div>
  );
}

function FormError({ id, message }: { id: string; message: string | null }) {
  // Announced by the toast; here it stays readable (and works without JavaScript).
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
  onClientError,
}: {
  busy: boolean;
  error: string | null;
  email: string;
  onClientError: (message: string | null) => void;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const emailValue = emailRef.current?.value.trim() ?? "";
    const passwordValue = passwordRef.current?.value ?? "";
    if (!emailValue || !passwordValue) {
      event.preventDefault();
      onClientError(LOGIN_MESSAGES.missingFields);
      toast.error(LOGIN_MESSAGES.missingFields);
      (emailValue ? passwordRef : emailRef).current?.focus();
      return;
    }
    onClientError(null);
  };

  return (
    <>
      <h1 className="admin-auth__title">Accesso amministratore</h1>
      <p className="admin-auth__lead">Area riservata alla gestione del sito.</p>
      {/* noValidate: our own Italian message instead of the browser's bubble; `required` still tells assistive tech. */}
      <Form method="post" action="/admin-login" className="admin-form" noValidate onSubmit={onSubmit} aria-describedby={error ? "login-error" : undefined}>
        <input type="hidden" name="intent" value="password" />
        <FormError id="login-error" message={error} />
        <div className="admin-field">
          <label htmlFor="login-email">Email</label>
          <input
            ref={emailRef}
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            defaultValue={email}
            aria-invalid={error === LOGIN_MESSAGES.missingFields ? true : undefined}
          />
        </div>
        <div className="admin-field">
          <label htmlFor="login-password">Password</label>
          <div className="admin-password">
            <input
              ref={passwordRef}
              id="login-password"
              name="password"
              type={shown ? "text" : "password"}
              autoComplete="current-password"
              required
              aria-invalid={error === LOGIN_MESSAGES.missingFields ? true : undefined}
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
        </div>
        <button type="submit" className="button admin-form__submit" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? "Accesso in corso..." : "Accedi"}
        </button>
      </Form>
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
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "cancel") return;
    if (!codeRef.current?.value.trim()) {
      event.preventDefault();
      onClientError(LOGIN_MESSAGES.missingCode);
      toast.error(LOGIN_MESSAGES.missingCode);
      codeRef.current?.focus();
    }
  };
  return (
    <>
      <h1 className="admin-auth__title">Verifica in due passaggi</h1>
      <p className="admin-auth__lead" id="code-help">
        Inserisci il codice a 6 cifre mostrato dall'app di autenticazione, oppure uno dei codici di recupero.
      </p>
      <Form method="post" action="/admin-login" className="admin-form" noValidate onSubmit={onSubmit}>
        <FormError id="code-error" message={error} />
        <div className="admin-field">
          <label htmlFor="login-code">Codice di verifica</label>
          <input
            ref={codeRef}
            id="login-code"
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={20}
            aria-describedby={error ? "code-help code-error" : "code-help"}
          />
        </div>
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
