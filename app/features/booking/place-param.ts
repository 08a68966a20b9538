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
