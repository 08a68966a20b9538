/** The longest address a recipe or an article gets from its title, in characters. */
export const SLUG_MAX_LENGTH = 80;

/** An address as the database accepts it: lower-case letters and digits in words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The address for a title: accents dropped ("Crème brûlée" → "creme-brulee"), apostrophes and
 * everything else between words made one hyphen, cut at a word's end within SLUG_MAX_LENGTH.
 */
export function slugify(title: string): string {
  const words = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/œ/g, "oe")
    .replace(/ß/g, "ss")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > SLUG_MAX_LENGTH) return slug || word.slice(0, SLUG_MAX_LENGTH);
    slug = next;
  }
  return slug;
}
