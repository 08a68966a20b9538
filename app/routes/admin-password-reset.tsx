import { data } from "react-router";
import type { Route } from "./+types/admin-password-reset";
import { NewPasswordPage } from "~/features/account/password-reset-pages";
import { newPasswordView, resetPassword } from "~/features/account/password-reset.server";
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

export function action({ request, context }: Route.ActionArgs) {
  return resetPassword(context.get(servicesContext), request);
}

export default function AdminPasswordReset({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={adminStyles} />
      <NewPasswordPage state={loaderData.state} token={loaderData.token} result={actionData} />
    </>
  );
}
