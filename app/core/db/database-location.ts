/**
 * Where the database is, for the start-up log, without user or password. The
 * embedded server (started here or by the supervisor) listens on a Unix socket.
 */
export function databaseLocation(databaseUrl: string | undefined): string {
  if (!databaseUrl) return "none";
  try {
    const url = new URL(databaseUrl);
    if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") return "DATABASE_URL (not a PostgreSQL URL)";
    const socketDir = url.searchParams.get("host");
    if (socketDir?.startsWith("/")) return `Unix socket in ${socketDir}`;
    return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "DATABASE_URL (not a PostgreSQL URL)";
  }
}
