import { createHash } from "node:crypto";
import { chmod, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mediaChecksums, readAllRows } from "../support/backup-archive";
import { seedSite } from "../support/factory";
import { createAdminAccounts } from "~/features/account/accounts.server";
import { createSessionStore, SESSION_COOKIE } from "~/features/account/sessions.server";
import { openDatabase } from "~/core/db/database.server";
import { openSiteDatabase } from "~/core/db/site-database.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { startAppServer, type AppServer } from "../support/app-server";
import { runScript } from "../support/commands";
import { jpeg, postReview } from "../support/reviews";
import { createPostgresDatabase } from "../support/test-databases";

/** Every row of `inner` is in `outer` (both sorted row texts per table). */
function expectContained(inner: Map<string, string[]>, outer: Map<string, string[]>) {
  for (const [table, rows] of inner) {
    const available = new Set(outer.get(table) ?? []);
    const lost = rows.filter((row) => !available.has(row));
    expect(lost, table).toEqual([]);
  }
}

/** Each change rewrites its table's row here: compared apart from the other tables, it only rises. */
const LIVE_VERSIONS = "public.live_versions";
const withoutLiveVersions = (rows: Map<string, string[]>) =>
  new Map([...rows].filter(([table]) => table !== LIVE_VERSIONS));
function liveVersionsIn(rows: Map<string, string[]>): Map<string, number> {
  return new Map(
    (rows.get(LIVE_VERSIONS) ?? []).map((row) => {
      const [, table, version] = /^\((\w+),(\d+)\)$/.exec(row)!;
      return [table!, Number(version)];
    }),
  );
}

describe("npm run backup / restore while the site serves requests", () => {
  let sourceUrl: string;
  let sourceData: string;
  let site: AppServer;
  let restoredSite: AppServer | undefined;

  beforeAll(async () => {
    sourceUrl = await createPostgresDatabase();
    sourceData = await mkdtemp(path.join(os.tmpdir(), "backup-site-"));
    const database = await openDatabase({ url: sourceUrl });
    try {
      await seedSite(database, createLocalMediaStorage(path.join(sourceData, "media")), {
        photos: 6,
        reviews: 60,
        reviewPhotos: 4,
      });
    } finally {
      await database.close();
    }
    site = await startAppServer({
      DATABASE_URL: sourceUrl,
      DATA_DIR: sourceData,
      BACKUP_TIME: "off",
      REVIEWS_RATE_LIMIT: "10000",
    });
  });

  afterAll(async () => {
    await site?.stop();
    await restoredSite?.stop();
  });

  it("restores a backup taken under load into a fresh database and data directory, and the site runs on it", async () => {
    const before = await readAllRows(sourceUrl);

    // Visitors read pages and photos and post reviews (some with photos) all through the backup.
    let serving = true;
    let served = 0;
    let posted = 0;
    const photo = await jpeg(400, 300);
    const mediaUrl = `/media/${
      before
        .get("public.reviews")!
        .join()
        .match(/reviews\/[\w-]{16,64}\.webp/)![0]
    }`;
    const load = Promise.all(
      [0, 1, 2].map(async (worker) => {
        while (serving) {
          if (worker === 0) {
            const status = await postReview(site.url, {
              name: `Durante il backup ${posted}`,
              photo: posted % 2 ? photo : undefined,
            });
            expect(status).toBe(303);
            posted++;
          } else {
            const response = await fetch(`${site.url}${worker === 1 ? "/reviews" : mediaUrl}`);
            expect(response.status).toBe(200);
            await response.arrayBuffer();
            served++;
          }
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    const backup = await runScript("scripts/backup.ts", [], { DATABASE_URL: sourceUrl, DATA_DIR: sourceData });
    serving = false;
    await load;
    expect(backup.stderr).toContain("public.reviews");
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup completato: .*studio-\d{8}-\d{4}\.tar\.gz \(.+\): \d+ tabelle, \d+ righe, \d+ file multimediali/,
    );
    expect(served).toBeGreaterThan(0);
    expect(posted).toBeGreaterThan(0);
    const after = await readAllRows(sourceUrl);
    const [file] = await readdir(path.join(sourceData, "backups"));
    const archive = path.join(sourceData, "backups", file!);

    // Into a new data directory on the embedded PostgreSQL (the source used DATABASE_URL): both kinds at once.
    const targetParent = await mkdtemp(path.join(os.tmpdir(), "backup-restored-"));
    // Enterable, as /tmp is: as root the cluster then stays inside the data directory, removed with it.
    await chmod(targetParent, 0o711);
    const targetData = path.join(targetParent, "data");
    const restore = await runScript("scripts/restore.ts", [archive], { DATA_DIR: targetData });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/^Ripristino completato/);

    restoredSite = await startAppServer({ DATA_DIR: targetData, BACKUP_TIME: "off" });
    const targetDatabase = await openSiteDatabase({ dataDir: targetData, migrate: false });
    const targetUrl = targetDatabase.url;
    await targetDatabase.close();

    // One snapshot: everything there before the backup, nothing that was not in the source, each row whole.
    const restored = await readAllRows(targetUrl);
    expectContained(withoutLiveVersions(before), withoutLiveVersions(restored));
    expectContained(withoutLiveVersions(restored), withoutLiveVersions(after));
    const versionsBefore = liveVersionsIn(before);
    const versionsAfter = liveVersionsIn(after);
    const versionsRestored = liveVersionsIn(restored);
    for (const [table, version] of versionsRestored) {
      expect(version).toBeGreaterThanOrEqual(versionsBefore.get(table) ?? 0);
      expect(version).toBeLessThanOrEqual(versionsAfter.get(table)!);
    }
    const restoredReviews = restored.get("public.reviews")!;
    expect(restoredReviews.length).toBeGreaterThanOrEqual(before.get("public.reviews")!.length);

    // Every media file a restored row names is there, byte for byte; nothing else is.
    const sourceFiles = await mediaChecksums(path.join(sourceData, "media"));
    const restoredFiles = await mediaChecksums(path.join(targetData, "media"));
    const named = new Set(
      [...restored.values()]
        .flat()
        .flatMap((row) => row.match(/(?:recipe-photos|reviews|site)\/[\w-]{16,64}\.\w+/g) ?? []),
    );
    expect(new Set(restoredFiles.keys())).toEqual(named);
    for (const [key, sum] of restoredFiles) expect(sum, key).toBe(sourceFiles.get(key));

    const page = await (await fetch(`${restoredSite.url}/reviews`)).text();
    const client = new pg.Client({ connectionString: targetUrl });
    await client.connect();
    const { rows: newest } = await client.query<{ name: string; count: number }>(
      `select name, (select count(*)::int from reviews) as count from reviews order by created_at desc limit 1`,
    );
    await client.end();
    expect(newest[0]!.count).toBe(restoredReviews.length);
    expect(page).toContain(newest[0]!.name);
    const restoredMedia = await fetch(`${restoredSite.url}${mediaUrl}`);
    expect(restoredMedia.status).toBe(200);
    const bytes = Buffer.from(await restoredMedia.arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(sourceFiles.get(mediaUrl.slice("/media/".length)));

    // The restored site is not empty any more: a second restore is refused and changes nothing.
    const rows = await readAllRows(targetUrl);
    const again = await runScript("scripts/restore.ts", [archive], { DATA_DIR: targetData });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/contiene già dati.*--replace.*Nulla è stato modificato/s);
    expect(await readAllRows(targetUrl)).toEqual(rows);
    // Two CLI runs and two servers: generous on a busy machine.
  }, 180_000);

  it("refuses a truncated backup on the command line and leaves the data directory untouched", async () => {
    const [file] = await readdir(path.join(sourceData, "backups"));
    const bytes = await readFile(path.join(sourceData, "backups", file!));
    const truncated = path.join(await mkdtemp(path.join(os.tmpdir(), "truncated-")), "studio.tar.gz");
    await writeFile(truncated, bytes.subarray(0, bytes.length - 2048));
    const targetData = await mkdtemp(path.join(os.tmpdir(), "backup-restored-"));
    const result = await runScript("scripts/restore.ts", [truncated], { DATA_DIR: targetData });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "Errore: il file di backup è incompleto (troncato): non è stato usato. Nulla è stato modificato.",
    );
    expect(await readdir(targetData)).toEqual([]);
  });

  it("shows the last backup in the admin and hands the newest file to a signed-in administrator only", async () => {
    const database = await openDatabase({ url: sourceUrl });
    let token: string;
    try {
      const { user } = await createAdminAccounts(database.db).setPassword(
        "dietista@studio.test",
        "password-di-prova-backup",
      );
      ({ token } = await createSessionStore(database.db).create({ userId: user.id, verified: true }));
    } finally {
      await database.close();
    }
    const [newest] = (await readdir(path.join(sourceData, "backups"))).sort().reverse();
    const file = await readFile(path.join(sourceData, "backups", newest!));

    const anonymous = await fetch(`${site.url}/admin/backup/scarica`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe("/admin-login");
    expect(anonymous.headers.get("content-type")).not.toBe("application/gzip");
    const forged = await fetch(`${site.url}/admin/backup/scarica`, {
      redirect: "manual",
      headers: { Cookie: `${SESSION_COOKIE}=not-a-session` },
    });
    expect(forged.status).toBe(302);
    const anonymousData = await fetch(`${site.url}/admin/backup/scarica.data`, { redirect: "manual" });
    expect(anonymousData.status).not.toBe(200);

    const cookie = `${SESSION_COOKIE}=${token}`;
    const download = await fetch(`${site.url}/admin/backup/scarica`, { headers: { Cookie: cookie } });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="${newest}"`);
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await download.arrayBuffer()).equals(file)).toBe(true);

    const page = await fetch(`${site.url}/admin/backup`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Tutto in ordine: l&#x27;ultimo backup è riuscito.");
    expect(html).toContain(`Scarica l&#x27;ultimo backup (`);
    expect(html).toContain("Disattivato.");
  });
});
