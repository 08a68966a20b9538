import type { Route } from "./+types/reviews";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0]?.loaderData.content, "Recensioni", "Cosa dicono i clienti");

// Placeholder until its own issue builds this page.
export default function Page() {
  return (
    <div className="page">
      <h1>Cosa dicono i clienti</h1>
    </div>
  );
}
