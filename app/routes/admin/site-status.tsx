import { data } from "react-router";
import type { Route } from "./+types/site-status";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { listBackups } from "~/features/backups/backup-files.server";
import { pageMeta } from "~/features/site-content/meta";
import { SITE_STATUS_MESSAGES } from "~/features/site-status/messages";
import { settingsWhere } from "~/features/site-status/settings-place.server";
import { testMailSchema } from "~/features/site-status/site-status-forms";
import { checkSite, countFailed } from "~/features/site-status/site-status.server";
import { SITE_STATUS_PATH, StatusScreen } from "~/features/site-status/status-screen";
import { sendTestMail } from "~/features/site-status/test-mail.server";
import { formatLongDateTime } from "~/core/format/admin-format";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { Stylesheet } from "~/ui/stylesheet";
import styles from "~/styles/admin-site-status.css?url";
import { servicesContext } from "~/context";
import { readLastUpdate, runningCommit } from "~/core/server/site-version.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Stato del sito", "Controllo di dominio, HTTPS, posta e macchina del sito.", { noindex: true });

/** The running version and how `npm run update` last ended (its file under DATA_DIR/update). */
function versionView(commit: string | null, last: ReturnType<typeof readLastUpdate>) {
  const at = last ? new Date(last.finishedAt) : null;
  return {
    commit: commit ? commit.slice(0, 12) : null,
    lastUpdate:
      last && at && !Number.isNaN(at.getTime())
        ? { outcome: last.outcome, at: formatLongDateTime(at), message: last.message }
        : null,
  };
}

/** Every check but the test e-mail, at each load: each is bounded, so the page waits seconds at most. */
export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const [newest] = await listBackups(s.config.backup.dir).catch(() => []);
  const groups = await checkSite({
    siteUrl: s.config.siteUrl,
    dataDir: s.config.dataDir,
    siteChecks: s.config.siteChecks,
    mail: s.config.mail,
    backup: {
      last: newest ? { at: newest.modifiedAt, name: newest.name } : null,
      nightlyOff: s.config.backup.time === null,
      dir: s.config.backup.dir,
    },
    settingsWhere: settingsWhere(),
    smtp: "skip",
  });
  const checks = groups.flatMap((g) => g.checks);
  return data({
    groups,
    failed: countFailed(groups),
    warnings: checks.filter((c) => c.state === "warning").length,
    checkedAt: formatLongDateTime(new Date()),
    mailOn: Boolean(s.config.mail),
    version: versionView(runningCommit(), readLastUpdate(s.config.dataDir)),
  });
}

/** "Invia un'e-mail di prova": sent now to where her notices go, the mail server's answer told. */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), testMailSchema);
  if (submission.status !== "success")
    return respond(
      request,
      s.flash,
      { ok: false, message: SITE_STATUS_MESSAGES.fallback },
      { status: 400, redirectTo: SITE_STATUS_PATH },
    );
  const result = await sendTestMail({
    mail: s.config.mail,
    recipient: () => s.mailer.recipient(),
    siteUrl: s.config.siteUrl,
    settingsWhere: settingsWhere(),
  });
  const answer = result.ok
    ? { ok: true, message: SITE_STATUS_MESSAGES.sent(result.value.to) }
    : {
        ok: false,
        message:
          result.reason === "refused"
            ? SITE_STATUS_MESSAGES.refused(result.detail ?? "")
            : SITE_STATUS_MESSAGES[result.reason],
      };
  return respond(request, s.flash, answer, { status: result.ok ? 200 : 502, redirectTo: SITE_STATUS_PATH });
}

export default function AdminSiteStatus({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <Stylesheet href={styles} />
      <StatusScreen view={loaderData} result={actionData} />
    </>
  );
}
