import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { ADMIN } from "./admin";

export interface TemplateDataDirs {
  /** A data directory whose embedded cluster is made (initdb) and migrated, then stopped. */
  migrated: string;
  /** A copy of it holding the administrator (ADMIN), made as `admin:create` makes her account. */
  withAdmin: string;
  remove(): void;
}

/**
 * Once per run: the clusters `newDataDir` copies for a server that is not about a site's first
 * start (decision 51), instead of running initdb and every migration at each start. None when the
 * cluster is kept outside the directory (root, a temporary directory the postgres user cannot
 * enter) and only linked from it: a copy of the link would share one cluster.
 */
export async function makeTemplateDataDirs(prefix: string): Promise<TemplateDataDirs | undefined> {
  const migrated = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const database = await openSiteDatabase({ dataDir: migrated });
  await database.close();
  if (lstatSync(path.join(migrated, "postgres")).isSymbolicLink()) {
    rmSync(migrated, { recursive: true, force: true });
    return undefined;
  }
  const withAdmin = mkdtempSync(path.join(os.tmpdir(), `${prefix}-admin-`));
  execFileSync("cp", ["-a", path.join(migrated, "postgres"), path.join(withAdmin, "postgres")]);
  const adminDatabase = await openSiteDatabase({ dataDir: withAdmin });
  try {
    await createAdminAccounts(adminDatabase.db).setPassword(ADMIN.email, ADMIN.password);
  } finally {
    await adminDatabase.close();
  }
  return {
    migrated,
    withAdmin,
    remove() {
      rmSync(migrated, { recursive: true, force: true });
      rmSync(withAdmin, { recursive: true, force: true });
    },
  };
}
