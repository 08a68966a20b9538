// Placeholder until the public-site issue writes the rules.
export function loader() {
  return new Response("Non trovato", { status: 404 });
}
