import type { Route } from "./+types/admin-login";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0]?.loaderData.content, "Accesso", "Accesso amministratore");

// Placeholder until its own issue builds this page.
export default function Page() {
  return (
    <div className="page">
      <h1>Accesso amministratore</h1>
    </div>
  );
}
