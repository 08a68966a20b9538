import type { Route } from "./+types/services";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches[0]?.loaderData.content, "Servizi", "I Miei Servizi");

// Placeholder until its own issue builds this page.
export default function Page() {
  return (
    <div className="page">
      <h1>I Miei Servizi</h1>
    </div>
  );
}
