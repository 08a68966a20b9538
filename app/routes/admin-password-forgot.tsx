import { data } from "react-router";
import type { Route } from "./+types/admin-password-forgot";
import { ForgotPasswordPage } from "~/features/account/password-reset-pages";
import { requestPasswordReset } from "~/features/account/password-reset.server";
import { passwordForgotSchema } from "~/features/account/account-forms";
import { PASSWORD_RESET_MESSAGES as MESSAGES, PASSWORD_RESET_REFUSALS } from "~/features/account/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { assertSameOrigin } from "~/core/server/origin.server";
import { Stylesheet } from "~/ui/stylesheet";
import { pageMeta } from "~/features/site-content/meta";
import { requestContext, servicesContext } from "~/context";
import adminStyles from "~/styles/admin.css?url";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Password dimenticata", "Reimposta la password dell'amministratore del sito.", { noindex: true });

export function loader({ context }: Route.LoaderArgs) {
  const { mailer } = context.get(servicesContext);
  return data({ mailEnabled: mailer.enabled }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const s = context.get(servicesContext);
  assertSameOrigin(request, s.config.siteUrl);
  const submission = parseSubmission(await readForm(request), passwordForgotSchema);
  const refuse = (reason: keyof typeof PASSWORD_RESET_REFUSALS) => {
    const { answer, status } = sayRefusal(PASSWORD_RESET_REFUSALS, reason);
    return respond(request, s.flash, answer, { status });
  };
  // Without e-mail no link can be sent, whatever was typed: said first.
  if (!s.mailer.enabled) return refuse("mailOff");
  if (submission.status !== "success") return respond(request, s.flash, refusal(submission, MESSAGES.emailInvalid));
  const result = await requestPasswordReset(s, submission.value, context.get(requestContext).clientIp);
  if (!result.ok) return refuse(result.reason);
  return respond(request, s.flash, { ok: true, message: MESSAGES.requested });
}

export default function AdminPasswordForgot({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={adminStyles} />
      <ForgotPasswordPage mailEnabled={loaderData.mailEnabled} result={actionData} />
    </>
  );
}
