import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/backup";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { runBackupNow } from "~/features/backups/backup-now.server";
import { BACKUP_NOW_PATH, BackupScreen } from "~/features/backups/backup-screen";
import { backupStatusView } from "~/features/backups/status.server";
import { serverBackupTarget } from "~/features/backups/target.server";
import { GENERIC_FAILURE } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { backupNowSchema } from "~/features/backups/backup-forms";
import { formatBytes } from "~/features/backups/manifest.server";
import { BACKUP_MESSAGES, describeDuration } from "~/features/backups/messages";
import { pageMeta } from "~/features/site-content/meta";
import { servicesContext } from "~/context";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Backup", "Stato dei backup del sito e download dell'ultimo.", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return data(await backupStatusView(context.get(servicesContext)));
}

/** "Esegui backup ora": runs to the end within the request, then answers with the result. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), backupNowSchema);
  if (submission.status !== "success")
    return respond(
      request,
      s.flash,
      { ok: false, message: GENERIC_FAILURE },
      { status: 400, redirectTo: BACKUP_NOW_PATH },
    );
  const result = await runBackupNow({ target: serverBackupTarget(s), logger: s.logger });
  const answer = result.ok
    ? {
        ok: true,
        message: BACKUP_MESSAGES.done(formatBytes(result.value.bytes), describeDuration(result.value.durationMs)),
      }
    : { ok: false, message: BACKUP_MESSAGES[result.reason] };
  return respond(request, s.flash, answer, { status: result.ok ? 200 : 503, redirectTo: BACKUP_NOW_PATH });
}

/** A failed backup is recorded too: the status is read again whatever the answer's status. */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === BACKUP_NOW_PATH || defaultShouldRevalidate;
}

export default function AdminBackup({ loaderData, actionData }: Route.ComponentProps) {
  return <BackupScreen view={loaderData} result={actionData} />;
}
