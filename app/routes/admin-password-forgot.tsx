import { data } from "react-router";
import type { Route } from "./+types/admin-password-forgot";
import { ForgotPasswordPage } from "~/features/account/password-reset-pages";
import { requestPasswordReset } from "~/features/account/password-reset.server";
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

export function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(context.get(servicesContext), request, context.get(requestContext).clientIp);
}

export default function AdminPasswordForgot({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={adminStyles} />
      <ForgotPasswordPage mailEnabled={loaderData.mailEnabled} result={actionData} />
    </>
  );
}
