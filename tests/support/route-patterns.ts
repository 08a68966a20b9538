import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Every route's address pattern, from the route config itself ("" is the landing page). */
export function routePatterns(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const own = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    const here = entry.path !== undefined || entry.index ? [own] : [];
    return [...here, ...routePatterns(entry.children ?? [], own)];
  });
}
