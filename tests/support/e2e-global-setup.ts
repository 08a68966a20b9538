import { execFileSync } from "node:child_process";
import { lstatSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { ADMIN } from "./admin";
import { ADMIN_TEMPLATE_DATA_DIR_ENV, TEMPLATE_DATA_DIR_ENV } from "./app-server";

/**
 * Once per end-to-end run: a data directory whose embedded cluster is made (initdb) and migrated,
 * then stopped, and a copy of it holding the administrator (ADMIN), made as `admin:create` makes
 * her account. `newDataDir` copies one of them for each server a spec starts (decision 51): most
 * specs need her account, and making it in each cost a process and a PostgreSQL start. The workers
 * inherit the variables set here.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-template-"));
  const database = await openSiteDatabase({ dataDir: dir });
  await database.close();
  // A cluster kept outside the directory (root, a temporary directory the postgres user cannot
  // enter) is only linked from it: a copy of the link would share one cluster. Fresh ones then.
  if (lstatSync(path.join(dir, "postgres")).isSymbolicLink())
    return () => rmSync(dir, { recursive: true, force: true });
  process.env[TEMPLATE_DATA_DIR_ENV] = dir;

  const withAdmin = mkdtempSync(path.join(os.tmpdir(), "e2e-template-admin-"));
  execFileSync("cp", ["-a", path.join(dir, "postgres"), path.join(withAdmin, "postgres")]);
  const adminDatabase = await openSiteDatabase({ dataDir: withAdmin });
  try {
    await createAdminAccounts(adminDatabase.db).setPassword(ADMIN.email, ADMIN.password);
  } finally {
    await adminDatabase.close();
  }
  process.env[ADMIN_TEMPLATE_DATA_DIR_ENV] = withAdmin;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(withAdmin, { recursive: true, force: true });
  };
}
