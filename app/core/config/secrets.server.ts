import { createHmac, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "~/core/db/database.server";
import { appSecrets } from "~/core/db/schema";

/**
 * The secret named `name`, created at random on first use and kept in the
 * database, so every instance and every restart signs with the same key.
 * The insert is a no-op when another instance got there first.
 */
export async function loadSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return row.value;
}

/** A key for one purpose, derived from the app secret: a leak of one use's key does not reveal another's. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}
