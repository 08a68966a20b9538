import { data } from "react-router";
import type { Route } from "./+types/account";
import { AccountScreen } from "~/features/account/account-screen";
import { accountView, changeAccount } from "~/features/account/account.server";
import { ACCOUNT_MESSAGES, accountActionSchema, accountIntentOf } from "~/features/account/account-forms";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { pageMeta } from "~/features/site-content/meta";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Account e sicurezza", "Password, verifica in due passaggi e sessioni attive.", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  // The authenticator app files the code under the practitioner's name.
  const issuer = (await s.siteContent.current()).content.practitioner.name;
  return data(await accountView(s, admin, issuer));
}

/** Never sent back to the page, not even to refill a refused form. */
const SECRET_FIELDS = ["current", "next", "confirm", "password", "code"];

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), accountActionSchema);
  if (submission.status !== "success") {
    const intent = accountIntentOf(submission.payload);
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
  const result = await changeAccount(s, admin, submission.value);
  // A wrong password or code is shown next to its field, as the schema's messages are.
  const reply = result.field
    ? submission.reply({ fieldErrors: { [result.field]: [result.message] }, hideFields: SECRET_FIELDS })
    : undefined;
  // Rendered on this screen, also without JavaScript: recovery codes are shown once, here.
  return respond(request, s.flash, { ...result, reply });
}

export default function AdminAccount({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountScreen view={loaderData} actionData={actionData} />;
}
