import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SERVICE_ENV_FILE } from "../service/service-files.ts";
import { loadCommandConfig } from "./command.ts";

const root = process.env.SERVICE_INSTALL_ROOT;
afterEach(() => {
  if (root === undefined) delete process.env.SERVICE_INSTALL_ROOT;
  else process.env.SERVICE_INSTALL_ROOT = root;
});

async function machineWithService(text: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "service-root-"));
  const file = path.join(dir, SERVICE_ENV_FILE);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text, { mode: 0o640 });
  process.env.SERVICE_INSTALL_ROOT = dir;
}

describe("a maintenance command on the machine where service:install made the service", () => {
  const serviceFile = 'SITE_URL="https://studio-prova.it"\nDATA_DIR="/var/lib/studio-nutrizione/sito"\n';

  it("works on the service's site (sudo npm run update as the README says), not on ./data", async () => {
    await machineWithService(serviceFile);
    const config = await loadCommandConfig({});
    expect(config.dataDir).toBe("/var/lib/studio-nutrizione/sito");
    expect(config.siteUrl).toBe("https://studio-prova.it");
  });

  it("takes a setting given on its own command line over the service's", async () => {
    await machineWithService(serviceFile);
    const config = await loadCommandConfig({ DATA_DIR: "/srv/altro" });
    expect(config.dataDir).toBe("/srv/altro");
    expect(config.siteUrl).toBe("https://studio-prova.it");
  });

  it("reads only its environment where there is no service", async () => {
    process.env.SERVICE_INSTALL_ROOT = await mkdtemp(path.join(os.tmpdir(), "no-service-"));
    const config = await loadCommandConfig({ DATA_DIR: "/srv/mio" });
    expect(config.dataDir).toBe("/srv/mio");
  });
});
