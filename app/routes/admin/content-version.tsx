import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/content-version";
import { requireAdmin } from "~/features/account/admin-auth.server";
import { groupLabels } from "~/features/site-content/editor-groups";
import { versionRestoreSchema } from "~/features/site-content/form-schemas";
import { CONTENT_MESSAGES } from "~/features/site-content/messages";
import { versionChanges } from "~/features/site-content/version-changes";
import { servicesContext } from "~/context";
import { useActionResult } from "~/core/forms/action-result";
import { formatItalianDateTime } from "~/core/format/italian-format";
import { parseSubmission } from "~/core/forms/parse-submission.server";
import { readForm, respond } from "~/core/forms/respond.server";
import { useEditorData } from "./content";

const VERSIONS_PAGE = "/admin/contenuti";
const versionParam = z.coerce.number().int().min(1).max(2_147_483_647);

/** One kept version beside what is published now: what restoring it (whole or one section) would change. */
export async function loader({ params, context }: Route.LoaderArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const number = versionParam.safeParse(params.numero);
  const old = number.success ? await s.siteContent.version(number.data) : null;
  if (!old) throw data(CONTENT_MESSAGES.missingVersion, { status: 404 });
  const now = await s.siteContent.current();
  return { version: old.version, savedAt: old.savedAt, changes: versionChanges(now.content, old.content) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(context);
  const s = context.get(servicesContext);
  const submission = parseSubmission(await readForm(request), versionRestoreSchema);
  const answer = (ok: boolean, message: string, status?: number) =>
    respond(request, s.flash, { ok, message }, { redirectTo: VERSIONS_PAGE, status });
  if (submission.status !== "success") return answer(false, CONTENT_MESSAGES.missingVersion, 400);
  const { restore: version, version: base, section } = submission.value;
  const result = await s.siteContent.restore(version, base, section);
  if (result.ok) {
    if (result.value.unchanged) return answer(true, CONTENT_MESSAGES.unchanged);
    s.logger.info(
      { restored: version, section, version: result.value.published.version },
      "site content version restored",
    );
    return answer(
      true,
      section ? CONTENT_MESSAGES.sectionRestored(groupLabels[section], version) : CONTENT_MESSAGES.restored(version),
    );
  }
  return result.reason === "conflict"
    ? answer(false, CONTENT_MESSAGES.conflictShort, 409)
    : answer(false, CONTENT_MESSAGES.missingVersion, 404);
}

/** The preview is the question: nothing is restored before she has seen what changes and pressed. */
export default function ContentVersion({ loaderData, actionData }: Route.ComponentProps) {
  useActionResult(actionData);
  const { version: current } = useEditorData();
  const { version, savedAt, changes } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pressed = busy ? (navigation.formData?.get("section") ?? "all") : null;
  return (
    <section className="content-section" aria-labelledby="versione-titolo">
      <h2 id="versione-titolo" className="admin-section__title">
        Versione {version}, del {formatItalianDateTime(savedAt)}
      </h2>
      {changes.length === 0 ? (
        <p className="admin-section__lead">
          Questa versione è uguale a quella pubblicata: non c'è niente da ripristinare.
        </p>
      ) : (
        <>
          <p className="admin-section__lead">
            Ecco cosa cambierebbe sul sito ripristinandola. Puoi ripristinare tutto o una sola sezione: il resto resta
            com'è adesso.
          </p>
          {changes.map(({ group, changes: fields }) => (
            <section key={group} className="version-changes" aria-labelledby={`cambia-${group}`}>
              <h3 id={`cambia-${group}`} className="version-changes__title">
                {groupLabels[group]}
              </h3>
              <dl className="version-changes__list">
                {fields.map((field) => (
                  <div key={field.label} className="version-changes__field">
                    <dt>{field.label}</dt>
                    <dd>
                      <span className="version-changes__now">
                        <span className="version-changes__tag">Adesso:</span> {field.now || "(vuoto)"}
                      </span>
                      <span className="version-changes__then">
                        <span className="version-changes__tag">Nella versione {version}:</span>{" "}
                        {field.inVersion || "(vuoto)"}
                      </span>
                    </dd>
                  </div>
                ))}
              </dl>
              {changes.length > 1 ? (
                <RestoreButton current={current} version={version} section={group} busy={busy} pressed={pressed}>
                  Ripristina solo «{groupLabels[group]}»
                </RestoreButton>
              ) : null}
            </section>
          ))}
          <RestoreButton current={current} version={version} busy={busy} pressed={pressed}>
            Ripristina la versione {version}
          </RestoreButton>
        </>
      )}
      <p>
        <Link to={VERSIONS_PAGE} className="button button--secondary">
          Torna alle versioni
        </Link>
      </p>
    </section>
  );
}

function RestoreButton({
  current,
  version,
  section,
  busy,
  pressed,
  children,
}: {
  current: number;
  version: number;
  section?: string;
  busy: boolean;
  pressed: FormDataEntryValue | null;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className="version-changes__restore">
      <input type="hidden" name="version" value={current} />
      <input type="hidden" name="restore" value={version} />
      {section ? <input type="hidden" name="section" value={section} /> : null}
      <button type="submit" className="button" disabled={busy}>
        {pressed === (section ?? "all") ? "Ripristino…" : children}
      </button>
    </Form>
  );
}
