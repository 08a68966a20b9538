import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/admin-login";
import { LoginPage } from "~/features/account/login-form";
import { currentLoginStep, loginAction } from "~/features/account/login-flow.server";
import type { LoginResult } from "~/features/account/login-schema";
import { LOGIN_MESSAGES } from "~/features/account/messages";
import { Stylesheet } from "~/ui/stylesheet";
import { pageMeta } from "~/features/site-content/meta";
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

export function action({ request, context }: Route.ActionArgs) {
  return loginAction(context.get(servicesContext), request, context.get(requestContext).clientIp);
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
