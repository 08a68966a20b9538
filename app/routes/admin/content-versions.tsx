import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/content-versions";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import { useActionResult } from "~/core/forms/action-result";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { versionRestoreSchema } from "~/features/site-content/form-schemas";
import { LISTED_VERSIONS } from "~/features/site-content/site-content";
import { servicesContext } from "~/context";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { useEditorData } from "./content";

export async function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  return { versions: await context.get(servicesContext).siteContent.history(LISTED_VERSIONS) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), versionRestoreSchema);
  const answer = (ok: boolean, message: string, status?: number) =>
    respond(request, s.flash, { ok, message }, { redirectTo: "/admin/contenuti", status });
  if (submission.status !== "success") return answer(false, CONTENT_MESSAGES.missingVersion, 400);
  const { restore: version, version: base } = submission.value;
  const result = await s.siteContent.restore(version, base);
  if (result.ok) {
    s.logger.info({ restored: version, version: result.published.version }, "site content version restored");
    return answer(true, CONTENT_MESSAGES.restored(version));
  }
  return result.reason === "conflict"
    ? answer(false, CONTENT_MESSAGES.conflictShort, 409)
    : answer(false, CONTENT_MESSAGES.missingVersion, 404);
}

/** The newest versions, each restorable: a restore publishes that content again as a new version. */
export default function ContentVersions({ loaderData, actionData }: Route.ComponentProps) {
  useActionResult(actionData);
  const { version: current } = useEditorData();
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" ? navigation.formData?.get("restore") : null;
  return (
    <section className="content-section" aria-labelledby="versioni-titolo">
      <h2 id="versioni-titolo" className="admin-section__title">
        Versioni
      </h2>
      <p className="admin-section__lead">
        Ogni salvataggio crea una nuova versione. Qui trovi le ultime {LISTED_VERSIONS}: ripristinandone una, il sito
        torna com'era allora (e anche il ripristino si può annullare).
      </p>
      <ol className="version-list">
        {loaderData.versions.map((v) => (
          <li key={v.version} className="version-list__item">
            <div className="version-list__what">
              <span className="version-list__number">Versione {v.version}</span>
              <span className="version-list__summary">{v.summary}</span>
              <time className="version-list__date" dateTime={v.savedAt}>
                {formatItalianDateTime(v.savedAt)}
              </time>
            </div>
            {v.version === current ? (
              <span className="version-list__current">Pubblicata</span>
            ) : (
              <Form method="post" className="version-list__restore">
                <input type="hidden" name="version" value={current} />
                <button
                  type="submit"
                  name="restore"
                  value={v.version}
                  className="button button--secondary button--small"
                  disabled={restoring != null}
                  aria-label={`Ripristina la versione ${v.version}`}
                >
                  {restoring === String(v.version) ? "Ripristino…" : "Ripristina"}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
