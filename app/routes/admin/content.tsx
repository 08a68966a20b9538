import { NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/content";
import { loadEditorData } from "~/composition/admin/content-group-action.server";
import { CONTENT_SECTIONS } from "~/features/site-content/content-fields";
import { groupLabels, groupPaths } from "~/features/site-content/editor-groups";
import { ExamplesNotice } from "~/features/site-content/editor/examples-notice";
import { pageMeta } from "~/features/site-content/meta";
import { formatItalianDateTime } from "~/core/format/italian-format";
import editorStyles from "~/styles/content-editor.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorStyles }];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, "Contenuti del sito", "Modifica i contenuti del sito.", { noindex: true });

export const loader = ({ context }: Route.LoaderArgs) => loadEditorData(context);

export type EditorData = Awaited<ReturnType<typeof loadEditorData>>;

/** The editor's data, from this screen or from the first-run setup's (each editor form is used by both). */
export function useEditorData(): EditorData {
  const here = useRouteLoaderData<EditorData>("routes/admin/content");
  const setup = useRouteLoaderData<EditorData>("routes/admin/setup");
  return (here ?? setup)!;
}

/** "Contenuti del sito": one screen per group of content, and the list of versions. */
export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { version, savedAt } = loaderData;
  // Every navigation (a save redirects) starts the screen's form afresh; a live refresh does not.
  const location = useLocation();
  const paths = groupPaths;
  return (
    <div className="content-editor">
      <header className="content-editor__header">
        <h1 className="admin__title">Contenuti del sito</h1>
        <p className="content-editor__status">
          Versione pubblicata: <strong>{version}</strong>, del {formatItalianDateTime(savedAt)}. Ogni salvataggio è
          subito visibile sul sito; le versioni precedenti restano ripristinabili.
        </p>
      </header>
      <nav className="content-editor__nav" aria-label="Sezioni dei contenuti">
        <ul>
          {CONTENT_SECTIONS.map((group) => (
            <li key={group}>
              <NavLink to={paths[group]} className="content-editor__tab">
                {groupLabels[group]}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to="/admin/contenuti" end className="content-editor__tab">
              Versioni
            </NavLink>
          </li>
        </ul>
      </nav>
      <ExamplesNotice left={loaderData.left} />
      <Outlet key={location.key} />
    </div>
  );
}
