/**
 * How the booking's addresses and forms name a place (`sede`): by the slug the site gives it (a
 * studio's page's, which follows its name), else by its key ("online"). The key,
 * which never changes, is what the appointments keep.
 */
export const placeParam = (place: { key: string; slug?: string }) => place.slug ?? place.key;

/** The place `sede` names, if any. */
export function placeFor<P extends { key: string; slug?: string }>(
  places: readonly P[],
  sede: string | null | undefined,
) {
  return places.find((place) => placeParam(place) === sede);
}

/** How `sede` names the place whose key is `key` today: its slug when the site still has it. */
export function placeParamOfKey(places: readonly { key: string; slug?: string }[], key: string): string {
  const place = places.find((p) => p.key === key);
  return place ? placeParam(place) : key;
}
