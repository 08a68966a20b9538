/**
 * A service's id is its card's anchor on the pages (`/services#servizio-dietetica`): given once,
 * from its title, when she adds it, then kept whatever it is renamed to or wherever it moves.
 * The prefix keeps a new one from taking the name of a section of the home ("contatti").
 */
function idFromTitle(title: string): string {
  const words = title
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return words ? `servizio-${words}` : "servizio";
}

/**
 * Ids for services in order: each keeps its own; one sent without (a form loaded before services
 * carried their id) takes the id of a service of `before` with its title that no other claims;
 * the rest get one from their title, never one in use ("-2", "-3"…).
 */
export function assignServiceIds(
  services: readonly { id?: string; title: string }[],
  before: readonly { id: string; title: string }[],
): string[] {
  const used = new Set(services.flatMap((service) => (service.id ? [service.id] : [])));
  const claimed = services.map((service) => {
    if (service.id) return service.id;
    const same = before.find((old) => old.title === service.title && !used.has(old.id));
    if (same) used.add(same.id);
    return same?.id;
  });
  return services.map((service, i) => {
    const kept = claimed[i];
    if (kept) return kept;
    const base = idFromTitle(service.title);
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}
