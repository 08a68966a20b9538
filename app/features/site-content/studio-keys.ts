/** A studio's key from its name: lower case, no accents, words joined by dashes ("Studio di Milano" → "studio-di-milano"). */
export function studioKeyFromName(name: string): string {
  const key = name
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return key || "studio";
}

/** A key made from `name` that none of `used` has: "-2", "-3"… when taken. */
export function freeStudioKey(name: string, used: ReadonlySet<string>): string {
  const base = studioKeyFromName(name);
  let key = base;
  for (let n = 2; used.has(key); n++) key = `${base}-${n}`;
  return key;
}

/** Keys for studios in order: each keeps its own, the others get one from their name, never one in use. */
export function assignStudioKeys(studios: readonly { name: string; key?: string }[]): string[] {
  const used = new Set(studios.flatMap((studio) => (studio.key ? [studio.key] : [])));
  return studios.map((studio) => {
    if (studio.key) return studio.key;
    const key = freeStudioKey(studio.name, used);
    used.add(key);
    return key;
  });
}
