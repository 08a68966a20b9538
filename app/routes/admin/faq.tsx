import { data, Link } from "react-router";
import type { Route } from "./+types/faq";
import { servicesContext } from "~/context";
import { useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { changeFaqList } from "~/features/faq/faq-admin.server";
import { FaqAdminList } from "~/features/faq/faq-admin-list";
import { faqListSchema } from "~/features/faq/faq-form";
import { ADMIN_FAQ, FAQ_PATH } from "~/features/faq/faq-paths";
import { FAQ_MESSAGES, FAQ_REFUSALS, HOME_FAQ_COUNT } from "~/features/faq/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { pageMeta } from "~/features/site-content/meta";
import type { LiveHandle } from "~/ui/live-updates";
import adminFaqStyles from "~/styles/admin-faq.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminFaqStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Domande frequenti", "Le domande frequenti: scrivile, raggruppale, ordinale.", { noindex: true });

export const handle: LiveHandle = { liveTables: ["faq"] };

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const groups = await s.faq.listGroups();
  return data({
    groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      questions: group.questions.map(({ id, question, example, showOnHome }) => ({
        id,
        question,
        example,
        showOnHome,
      })),
    })),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), faqListSchema);
  if (submission.status !== "success")
    return respond(request, s.flash, refusal(submission, FAQ_MESSAGES.groupInvalid), {
      status: 400,
      redirectTo: ADMIN_FAQ,
    });
  const result = await changeFaqList(s.faq, submission.value);
  const { answer, status } = result.ok
    ? { answer: { ok: true, message: FAQ_MESSAGES[result.value] }, status: 200 }
    : sayRefusal(FAQ_REFUSALS, result.reason);
  return respond(request, s.flash, answer, { status, redirectTo: ADMIN_FAQ });
}

export default function AdminFaq({ loaderData, actionData }: Route.ComponentProps) {
  useActionResult(actionData);
  return (
    <>
      <h1 className="admin__title">Domande frequenti</h1>
      <p className="admin-section__lead">
        Le domande compaiono su <Link to={FAQ_PATH}>{FAQ_PATH}</Link>, nei gruppi e nell'ordine che scegli qui. Quelle
        con «Mostra in home» compaiono anche nella home (al massimo {HOME_FAQ_COUNT}).
      </p>
      <FaqAdminList groups={loaderData.groups} />
    </>
  );
}
