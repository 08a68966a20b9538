import type { Route } from "./+types/privacy";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData.content, "Privacy e cookie", "Informativa sul trattamento dei dati personali e sui cookie.");

// Placeholder until the public-site issue writes the notice.
export default function Privacy() {
  return (
    <div className="page">
      <h1>Privacy e cookie</h1>
    </div>
  );
}
