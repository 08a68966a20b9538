import { data } from "react-router";
import type { Route } from "./+types/faq-edit";
import { servicesContext } from "~/context";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, refusal, respond } from "~/core/forms/respond.server";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { saveFaqQuestion } from "~/features/faq/faq-admin.server";
import { FaqQuestionEditor } from "~/features/faq/faq-editor";
import { questionFormSchema } from "~/features/faq/faq-form";
import { ADMIN_FAQ, FAQ_PATH, questionAnchor } from "~/features/faq/faq-paths";
import { FAQ_MESSAGES, FAQ_REFUSALS } from "~/features/faq/messages";
import { sayRefusal } from "~/core/forms/refusals";
import { pageMeta } from "~/features/site-content/meta";
import { EditorHeading } from "~/ui/admin/editor-heading";
import { EMPTY_DOCUMENT } from "~/ui/rich-text/document";
import adminFaqStyles from "~/styles/admin-faq.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminFaqStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Domanda frequente", "Scrivi una domanda frequente e la sua risposta.", { noindex: true });

/** The answer's JSON (64 KB at most, a field's cap) and the other fields. */
const MAX_FORM_BYTES = 72 * 1024;
const NEW = "nuova";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [question, groups] = await Promise.all([
    params.id === NEW ? null : s.faq.getQuestion(params.id),
    s.faq.listGroups(),
  ]);
  if (params.id !== NEW && !question) throw data(FAQ_MESSAGES.notFound, { status: 404 });
  return data({
    questionId: question?.id ?? null,
    updatedAt: question?.updatedAt.toISOString() ?? null,
    initial: {
      question: question?.question ?? "",
      groupId: question?.groupId ?? groups[0]?.id ?? "",
      answer: question?.answer ?? EMPTY_DOCUMENT,
      showOnHome: question?.showOnHome ?? false,
    },
    groups: groups.map((group) => ({ value: group.id, label: group.name })),
  });
}

type EditorResult = ActionResult & { questionId?: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request, MAX_FORM_BYTES), questionFormSchema);
  if (submission.status !== "success")
    return respond(request, s.flash, refusal(submission, FAQ_MESSAGES.invalid), { status: 400 });
  const id = params.id === NEW ? undefined : params.id;
  let result: Awaited<ReturnType<typeof saveFaqQuestion>>;
  try {
    result = await saveFaqQuestion(s.faq, { id, value: submission.value });
  } catch (error) {
    s.logger.error({ err: error, questionId: id }, "FAQ question save failed");
    const failed = { ok: false, message: FAQ_MESSAGES.failed, reply: submission.reply() };
    return respond(request, s.flash, failed, { status: 500 });
  }
  if (!result.ok) {
    const { message } = FAQ_REFUSALS[result.reason];
    const reply = submission.reply(
      result.reason === "groupGone" ? { fieldErrors: { groupId: [message] } } : { formErrors: [message] },
    );
    const { answer, status } = sayRefusal(FAQ_REFUSALS, result.reason, { reply });
    return respond(request, s.flash, answer, { status });
  }
  const questionId = result.value.question.id;
  // Back to the list, at the question: where she orders it next.
  return respond<EditorResult>(
    request,
    s.flash,
    { ok: true, message: FAQ_MESSAGES[result.value.outcome], questionId },
    { status: id ? 200 : 201, redirectTo: `${ADMIN_FAQ}#${questionAnchor(questionId)}`, redirectAlways: true },
  );
}

export default function AdminFaqEdit({ loaderData, actionData }: Route.ComponentProps) {
  // A save redirects to the list (its toast goes with it); a refusal stays here with its messages.
  const result = actionData as EditorResult | undefined;
  useActionResult(result);
  return (
    <>
      <EditorHeading
        back={{ to: ADMIN_FAQ, label: "Tutte le domande" }}
        title={loaderData.questionId ? "Modifica la domanda" : "Nuova domanda"}
        published={{ path: loaderData.questionId ? FAQ_PATH : null, word: "Pubblicata" }}
      />
      {loaderData.groups.length ? (
        <FaqQuestionEditor
          key={loaderData.updatedAt ?? NEW}
          questionId={loaderData.questionId}
          initial={loaderData.initial}
          groups={loaderData.groups}
          lastResult={result && !result.ok ? result.reply : undefined}
        />
      ) : (
        <p className="admin-notice">{FAQ_MESSAGES.noGroup}</p>
      )}
    </>
  );
}
