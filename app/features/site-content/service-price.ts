/*
 * A service's price as she writes it on her site: one amount ("80 €"), a starting amount
 * ("da 80 €") or a range ("80-120 €"), in euros, the euro sign before or after. Nothing else: a
 * price is information, and words such as "sconto" or "offerta" have no place in a health
 * professional's advertising (D.L. 69/2023 art. 6).
 */

/** The longest price she may write ("a partire da 1.200,00 € – 1.500,00 €" is 37). */
export const MAX_PRICE_LENGTH = 40;

export const PRICE_MESSAGE =
  "Scrivi il prezzo con le cifre e il simbolo €, ad esempio «80 €», «da 80 €» o «80-120 €»; oppure lascialo vuoto.";
export const PRICE_ORDER_MESSAGE = "Nell'intervallo di prezzo scrivi prima l'importo più basso, ad esempio «80-120 €».";

/** 80, 80,50, 1.200, 1200,00: Italian thousands and decimals, at most five digits before the comma. */
const AMOUNT = String.raw`(\d{1,3}(?:\.\d{3})|\d{1,5})(?:,(\d{1,2}))?`;
const FROM = String.raw`(?:(da|a partire da)\s*)?`;
const DASH = String.raw`\s*[-–]\s*`;
const AFTER = new RegExp(String.raw`^${FROM}${AMOUNT}(?:\s*€)?(?:${DASH}${AMOUNT})?\s*€$`, "i");
const BEFORE = new RegExp(String.raw`^${FROM}€\s*${AMOUNT}(?:${DASH}(?:€\s*)?${AMOUNT})?$`, "i");

/** What a price says, for the structured data: one amount, a lowest one, or a range (euros). */
export type PriceValue =
  | { kind: "exact"; price: number }
  | { kind: "from"; min: number }
  | { kind: "range"; min: number; max: number };

const toNumber = (whole: string, cents: string | undefined) =>
  Number(`${whole.replaceAll(".", "")}.${(cents ?? "0").padEnd(2, "0")}`);

/** The price read, or null when it is not one of the three shapes (the form refuses it then). */
export function readPrice(text: string): PriceValue | null {
  const trimmed = text.trim().replace(/\s+/g, " ");
  if (trimmed.length > MAX_PRICE_LENGTH) return null;
  const match = AFTER.exec(trimmed) ?? BEFORE.exec(trimmed);
  if (!match) return null;
  const [, from, whole, cents, toWhole, toCents] = match;
  const min = toNumber(whole!, cents);
  if (toWhole !== undefined) {
    const max = toNumber(toWhole, toCents);
    return from ? null : { kind: "range", min, max };
  }
  return from ? { kind: "from", min } : { kind: "exact", price: min };
}

/** Whether a range is written lowest first (one amount or a starting amount always is). */
export const inOrder = (price: PriceValue) => price.kind !== "range" || price.min < price.max;

/**
 * schema.org's description of the price (an Offer's `priceSpecification`): "da 80 €" is a
 * `minPrice`, "80-120 €" a `minPrice` and a `maxPrice`, "80 €" a `price`.
 */
export function priceSpecification(text: string) {
  const price = readPrice(text);
  if (!price) return undefined;
  const amounts =
    price.kind === "exact"
      ? { price: price.price }
      : price.kind === "from"
        ? { minPrice: price.min }
        : { minPrice: price.min, maxPrice: price.max };
  return { "@type": "PriceSpecification" as const, priceCurrency: "EUR", ...amounts };
}
