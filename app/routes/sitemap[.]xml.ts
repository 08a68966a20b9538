// Placeholder until the public-site issue lists the pages.
export function loader() {
  return new Response("Non trovato", { status: 404 });
}
