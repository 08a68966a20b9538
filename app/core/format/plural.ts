import { formatCount } from "./italian-format";

// Italian plural forms by Intl.PluralRules (CLDR's rule for Italian), made on first use, not when
// the module loads: a public page's script must not pay for Intl's locale data (italian-format.ts).
let italianPlurals: Intl.PluralRules | undefined;

/** Which of a word's two forms follows `count`, by Italian's rule: "1 ricetta", "0 ricette", "1,5 litri". */
export function pluralForm<T>(count: number, [one, other]: readonly [T, T]): T {
  italianPlurals ??= new Intl.PluralRules("it");
  return italianPlurals.select(count) === "one" ? one : other;
}

/** "1 recensione", "12 recensioni": a whole number and the word in the form it wants. */
export function countOf(count: number, forms: readonly [string, string]): string {
  return `${formatCount(count)} ${pluralForm(count, forms)}`;
}
