import type { Route } from "./+types/admin";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0]?.loaderData.content, "Pannello Admin", "Pannello Admin");

// Placeholder until its own issue builds this page.
export default function Page() {
  return (
    <div className="page">
      <h1>Pannello Admin</h1>
    </div>
  );
}
