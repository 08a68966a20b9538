import { data } from "react-router";
import type { Route } from "./+types/admin-password-reset";
import { NewPasswordPage, type NewPasswordResult } from "~/features/account/password-reset-pages";
import { newPasswordView, resetPassword } from "~/features/account/password-reset.server";
import { ACCOUNT_MESSAGES, passwordResetSchema } from "~/features/account/account-forms";
import { LOGIN_MESSAGES, PASSWORD_RESET_MESSAGES, RESET_LINK_MESSAGES } from "~/features/account/messages";
import { clearSessionCookie } from "~/features/account/sessions.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { assertSameOrigin } from "~/core/server/origin.server";
import { Stylesheet } from "~/ui/stylesheet";
import { pageMeta } from "~/features/site-content/meta";
import { servicesContext } from "~/context";
import adminStyles from "~/styles/admin.css?url";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Nuova password", "Scegli una nuova password per il pannello del sito.", { noindex: true });

/**
 * The link's token is in the address: it never leaves the site in a Referer, nor stays in a cache.
 * "same-origin", as her booking link's page: "no-referrer" made the browser post the new password with
 * "Origin: null" (without JavaScript, or before the scripts arrived), which the forgery guard refuses.
 */
const privateHeaders = { "Cache-Control": "private, no-store", "Referrer-Policy": "same-origin" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return data(await newPasswordView(context.get(servicesContext), token), { headers: privateHeaders });
}

export function headers() {
  return privateHeaders;
}

/** Never sent back to the page, not even to refill a refused form. */
const HIDDEN = ["next", "confirm"];

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  const submission = parseSubmission(await readForm(request), passwordResetSchema);
  const answer = (result: NewPasswordResult, status?: number) => respond(request, s.flash, result, { status });
  if (submission.status !== "success") return answer(refusal(submission, ACCOUNT_MESSAGES.generic, HIDDEN));
  const result = await resetPassword(s, submission.value);
  if (result.ok) {
    // To the sign-in page, whoever asked, signed out (the password changed under every session).
    return respond(
      request,
      s.flash,
      { ok: true, message: PASSWORD_RESET_MESSAGES.changed },
      { redirectTo: "/admin-login", redirectAlways: true, headers: { "Set-Cookie": clearSessionCookie(request) } },
    );
  }
  switch (result.reason) {
    case "passwordRule": {
      // Next to its field, as the schema's messages are.
      const problem = result.detail!;
      const reply = submission.reply({ fieldErrors: { next: [problem] }, hideFields: HIDDEN });
      return answer({ ok: false, message: problem, reply });
    }
    case "busy":
      return answer({ ok: false, message: LOGIN_MESSAGES.busy }, 429);
    case "unknown":
      // A link whose account is gone is as unknown as one never made; not gone (410): never there.
      return answer({ ok: false, message: RESET_LINK_MESSAGES.unknown, state: "unknown" }, 400);
    default:
      return answer({ ok: false, message: RESET_LINK_MESSAGES[result.reason], state: result.reason }, 410);
  }
}

export default function AdminPasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={adminStyles} />
      <NewPasswordPage state={loaderData.state} token={loaderData.token} result={actionData} />
    </>
  );
}
