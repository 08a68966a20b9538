import type { Route } from "./+types/home";
import { pageMeta } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData.content, "Home", "Servizi di nutrizione, chi sono, recensioni e contatti.");

// Placeholder until the public-site issue builds the sections.
export default function Home() {
  return (
    <div className="page">
      <section id="chi-sono" className="section"><h1>Home</h1></section>
      <section id="servizi" className="section"><h2>Servizi</h2></section>
      <section id="recensioni" className="section"><h2>Recensioni</h2></section>
      <section id="contatti" className="section"><h2>Contatti</h2></section>
    </div>
  );
}
