/** A unique constraint refused the row. */
export const UNIQUE_VIOLATION = "23505";

/**
 * What PostgreSQL said of a refused statement (its SQLSTATE and the constraint it names), found on the
 * error or one of its causes (drizzle wraps the driver's); undefined for any other error.
 */
export function postgresError(error: unknown): { code: string; constraint: string | undefined } | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return { code, constraint: typeof constraint === "string" ? constraint : undefined };
  }
  return undefined;
}
