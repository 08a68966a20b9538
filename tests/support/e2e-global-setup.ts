import { lstatSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { TEMPLATE_DATA_DIR_ENV } from "./app-server";

/**
 * Once per end-to-end run: a data directory whose embedded cluster is made (initdb) and migrated,
 * then stopped. `newDataDir` copies it for each server a spec starts (decision 51). The workers
 * inherit the variable set here.
 */
export default async function setup() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-template-"));
  const database = await openSiteDatabase({ dataDir: dir });
  await database.close();
  // A cluster kept outside the directory (root, a temporary directory the postgres user cannot
  // enter) is only linked from it: a copy of the link would share one cluster. Fresh ones then.
  if (!lstatSync(path.join(dir, "postgres")).isSymbolicLink()) process.env[TEMPLATE_DATA_DIR_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
