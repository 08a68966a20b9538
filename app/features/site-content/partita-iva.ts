/**
 * The Partita IVA's check: 11 digits, the last one computed from the first ten (Luhn-like: digits in
 * even positions doubled, 9 subtracted above 9). Spaces and an "IT" prefix are tolerated by normalize.
 */
export function normalizePartitaIva(value: string): string {
  return value.replace(/\s+/g, "").replace(/^IT/i, "");
}

export function isValidPartitaIva(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  if (value === "00000000000") return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(value[i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10 === Number(value[10]);
}
