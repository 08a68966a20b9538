import { existsSync } from "node:fs";

/** The systemd service `npm run service:install` makes, and the file holding her settings. */
export const SERVICE_NAME = "studio-nutrizione";
export const SERVICE_ENV_FILE = `/etc/${SERVICE_NAME}/env`;

/** Where a fix tells her to change a setting: the service's file when the site runs as the service. */
export function settingsWhere(): string {
  return existsSync(SERVICE_ENV_FILE)
    ? `nel file ${SERVICE_ENV_FILE} (poi: sudo systemctl restart ${SERVICE_NAME})`
    : "nelle variabili d'ambiente con cui si avvia il sito (poi riavvialo)";
}
