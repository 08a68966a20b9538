import { ADMIN_TEMPLATE_DATA_DIR_ENV, MIGRATED_TEMPLATE_DATA_DIR_ENV, TEMPLATE_DATA_DIR_ENV } from "./app-server";
import { makeTemplateDataDirs } from "./template-data-dir";

/**
 * Once per end-to-end run: the template clusters, with and without the administrator, that
 * `newDataDir` copies for each server a spec starts (decision 51). Most specs need her account:
 * making it in each cost a process and a PostgreSQL start. The workers inherit the variables.
 */
export default async function setup() {
  const templates = await makeTemplateDataDirs("e2e-template");
  if (!templates) return;
  process.env[TEMPLATE_DATA_DIR_ENV] = templates.migrated;
  process.env[MIGRATED_TEMPLATE_DATA_DIR_ENV] = templates.migrated;
  process.env[ADMIN_TEMPLATE_DATA_DIR_ENV] = templates.withAdmin;
  return () => templates.remove();
}
