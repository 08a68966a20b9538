import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/admin-login";
import { LoginPage } from "~/features/account/login-form";
import { currentLoginStep, loginBrowser, signIn } from "~/features/account/login-flow.server";
import { type LoginResult, loginSchema } from "~/features/account/login-schema";
import { HASHING_RETRY_AFTER_S } from "~/features/account/password.server";
import { clearSessionCookie, PENDING_SECOND_FACTOR_MS, sessionCookie } from "~/features/account/sessions.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { assertSameOrigin } from "~/core/server/origin.server";
import { LOGIN_MESSAGES, LOGIN_REFUSALS } from "~/features/account/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { Stylesheet } from "~/ui/stylesheet";
import { pageMeta } from "~/features/site-content/meta";
import { SETUP_PATH } from "~/features/site-content/editor-groups";
import { openSetupOnce } from "~/features/site-content/setup.server";
import { requestContext, servicesContext } from "~/context";
import adminStyles from "~/styles/admin.css?url";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Accesso", "Accesso riservato all'amministratore del sito.", { noindex: true });

// A refused sign-in's own headers reach the page too: Retry-After when the password hashing is busy.
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const answer = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) answer.set(name, value);
  return answer;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const step = await currentLoginStep(context.get(servicesContext), request);
  if (step === "signed-in") throw redirect("/admin");
  return data({ step }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  const submission = parseSubmission(await readForm(request), loginSchema);
  const refuse = (answer: LoginResult, status: number, headers?: HeadersInit) =>
    respond(request, s.flash, answer, { status, headers });
  if (submission.status !== "success") {
    const { intent } = submission.payload;
    if (intent === "code" || intent === "cancel")
      return refuse({ ok: false, message: LOGIN_MESSAGES.missingCode, step: "code", email: "" }, 400);
    const error = submission.error;
    const message = error?.email?.[0] ?? error?.password?.[0] ?? LOGIN_MESSAGES.missingFields;
    return refuse({ ok: false, message, step: "password", email: String(submission.payload.email ?? "").trim() }, 400);
  }
  const result = await signIn(s, submission.value, loginBrowser(s, request, context.get(requestContext).clientIp));
  if (!result.ok) {
    const { step, email = "", withCode } = result.detail!;
    const busy = result.reason === "busy" ? { "Retry-After": String(HASHING_RETRY_AFTER_S) } : undefined;
    const { answer, status } = sayRefusal(LOGIN_REFUSALS, result.reason, { step, email, withCode });
    return refuse(answer, status, busy);
  }
  const outcome = result.value;
  // Back to the panel, or to this page at the start or at the code step: no toast, the page says where she is.
  const quietly = (to: string, cookie?: string) =>
    respond<LoginResult>(
      request,
      s.flash,
      { ok: true, message: "", step: "password", email: "" },
      {
        redirectTo: to,
        redirectStatus: 302,
        redirectAlways: true,
        toast: false,
        headers: cookie ? { "Set-Cookie": cookie } : undefined,
      },
    );
  if (outcome.next === "already-signed-in") return quietly("/admin");
  if (outcome.next === "cancelled") return quietly("/admin-login", clearSessionCookie(request));
  if (outcome.next === "code")
    return quietly("/admin-login", sessionCookie(request, outcome.token, PENDING_SECOND_FACTOR_MS));
  // Signed in: to the panel, whoever asked (a script too, hence the redirect whatever the requester),
  // with the session, the toast, and this browser known from now on (decision 45).
  return respond<LoginResult>(
    request,
    s.flash,
    { ok: true, message: LOGIN_MESSAGES.success, step: "password", email: "" },
    {
      // The first sign-in of a site never set up opens the setup, once.
      redirectTo: (await openSetupOnce(s.database.db)) ? SETUP_PATH : "/admin",
      redirectStatus: 302,
      redirectAlways: true,
      headers: [
        ["Set-Cookie", sessionCookie(request, outcome.token)],
        ["Set-Cookie", await s.knownDevices.issue(request, outcome.user)],
      ],
    },
  );
}

/** A network failure or a server error shows "Errore durante il login" instead of an error page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<LoginResult> {
  try {
    return (await serverAction()) as LoginResult;
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { ok: false, step: "password", message: LOGIN_MESSAGES.generic, email: "" };
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={adminStyles} />
      <LoginPage step={actionData?.step ?? loaderData.step} result={actionData} />
    </>
  );
}
