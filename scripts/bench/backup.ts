// `npm run bench:backup`: how long a backup and its restore take, and how big
// the file is, for a practice with 10,000 reviews and 200 recipe photos.
// The photos are renditions made by the real image pipeline from photo-like
// pictures (texture and grain, not flat colour, so the files weigh what real ones do).
// Runs on a throwaway PostgreSQL cluster, or on BENCH_DATABASE_URL's server
// (a new database is made there and left for inspection).
// Beside the plain figures: the encrypted backup (age, decision 76), its copy to an
// S3-compatible bucket (s3rver, on this machine) and its restore. Each backup is made
// twice, alternating plain and encrypted, and the faster of the two is kept: the machine
// is shared, the load average is printed with the figures, and the CPU this process used.
// Encrypted backups go to an X25519 key its passphrase protects (made once, timed apart).
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import "../lib/load-app-modules.ts";
import type { StoredImage } from "../../app/core/db/schema.ts";

const REVIEWS = 10_000;
const PHOTOS = 200;
const REVIEW_PHOTOS = 200;

const { openDatabase } = await import("../../app/core/db/database.server.ts");
const { storeImage, largestUrl } = await import("../../app/core/media/image-pipeline.server.ts");
const { createLocalMediaStorage } = await import("../../app/core/media/media-storage.server.ts");
const { runBackup } = await import("../../app/features/backups/backup-job.server.ts");
const { restoreBackup } = await import("../../app/features/backups/restore.server.ts");
const { siteTables } = await import("../../app/composition/site-schema.ts");
const { formatBytes, describeManifest } = await import("../../app/features/backups/manifest.server.ts");
const { backupKey, openKeyFile } = await import("../../app/features/backups/backup-key.server.ts");
const { copyToBucket } = await import("../../app/features/backups/copy.server.ts");
const { createBackupBucket } = await import("../../app/features/backups/bucket.server.ts");
const { default: S3rver } = await import("s3rver");
const { startThrowawayPostgres } = await import("../../tests/support/throwaway-postgres.ts");

/** Grain over a few soft colour fields: encoders work about as hard as on a real photo. */
async function photoLike(seed: number, width = 1600, height = 1200): Promise<Buffer> {
  const fields = Buffer.from(
    `<svg width="${width}" height="${height}"><defs><radialGradient id="g"><stop offset="0" stop-color="hsl(${(seed * 47) % 360},55%,60%)"/>` +
      `<stop offset="1" stop-color="hsl(${(seed * 91) % 360},40%,30%)"/></radialGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="hsl(${(seed * 29) % 360},60%,45%)"/></svg>`,
  );
  return sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 12 } },
  })
    .composite([{ input: fields, blend: "soft-light" }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const cluster = process.env.BENCH_DATABASE_URL ? undefined : await startThrowawayPostgres();
const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.url;
const work = mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
const databaseUrl = async (name: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
};

try {
  const suffix = Date.now().toString(36);
  const sourceUrl = await databaseUrl(`bench_backup_${suffix}`);
  const media = createLocalMediaStorage(path.join(work, "source", "media"));
  const database = await openDatabase({ url: sourceUrl });
  sharp.concurrency(2);

  let seeded = Date.now();
  process.stderr.write(
    `Seeding ${PHOTOS} recipe photos and ${REVIEW_PHOTOS} review photos through the image pipeline…\n`,
  );
  // Eight distinct pictures through the pipeline; every photo is a copy of one of them under its own keys.
  const templates: StoredImage[] = [];
  for (let i = 0; i < 8; i++) templates.push(await storeImage(media, "recipe-photos", await photoLike(i + 1)));
  const copyOf = async (template: StoredImage, prefix: "recipe-photos" | "reviews"): Promise<StoredImage> => {
    const variants = [];
    for (const variant of template.variants) {
      const stored = await media.get(variant.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      const ext = variant.key.slice(variant.key.lastIndexOf(".") + 1) as "webp";
      variants.push({ ...variant, key: await media.put(prefix, ext, Buffer.concat(chunks)) });
    }
    return { ...template, variants };
  };
  const client = new pg.Client({ connectionString: sourceUrl });
  await client.connect();
  for (let i = 0; i < PHOTOS; i++) {
    const image =
      i < templates.length ? templates[i]! : await copyOf(templates[i % templates.length]!, "recipe-photos");
    await client.query(`insert into recipe_photos (title, image_url, image, display_order) values ($1, $2, $3, $4)`, [
      `Ricetta ${i + 1}`,
      largestUrl(media, image),
      JSON.stringify(image),
      i,
    ]);
  }
  const reviewImages = [];
  for (let i = 0; i < REVIEW_PHOTOS; i++)
    reviewImages.push(await copyOf(templates[(i + 3) % templates.length]!, "reviews"));
  process.stderr.write(`Seeding ${REVIEWS} reviews…\n`);
  const text =
    "Mi sono trovata benissimo: la dottoressa ascolta, spiega con chiarezza e il piano alimentare è facile da seguire anche con il lavoro. ";
  for (let start = 0; start < REVIEWS; start += 1000) {
    const values: unknown[] = [];
    const tuples: string[] = [];
    for (let i = start; i < Math.min(start + 1000, REVIEWS); i++) {
      const image = i < REVIEW_PHOTOS ? reviewImages[i]! : null;
      const n = values.length;
      tuples.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}, $${n + 5})`);
      values.push(
        `Paziente ${i}`,
        text.repeat(1 + (i % 4)),
        (i % 5) + 1,
        image ? largestUrl(media, image) : null,
        image ? JSON.stringify(image) : null,
      );
    }
    await client.query(
      `insert into reviews (name, content, rating, image_url, image) values ${tuples.join(", ")}`,
      values,
    );
  }
  await client.end();
  seeded = Date.now() - seeded;

  const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
  const passphrase = "bench: una passphrase di prova";
  const target = (name: string, encrypted: boolean) => ({
    connection: { connectionString: sourceUrl },
    db: database.db,
    media,
    mediaStorage: "local" as const,
    dir: path.join(work, name),
    keep: 14,
    migrationsFolder,
    tables: siteTables,
    passphrase: encrypted ? passphrase : undefined,
    keysDir,
  });
  // Made once, when the passphrase is set; then each process opens it once (one scrypt): the
  // server at its first backup, `npm run backup` while it reads the tables. Timed apart.
  const keysDir = path.join(work, "backup-keys");
  let keyMadeMs = Date.now();
  const key = await backupKey({ passphrase, dir: keysDir });
  keyMadeMs = Date.now() - keyMadeMs;
  let keyOpenedMs = Date.now();
  if (!(await openKeyFile(await readFile(key.file), passphrase))) throw new Error("the key does not open");
  keyOpenedMs = Date.now() - keyOpenedMs;
  const loads: number[][] = [];
  const plainRuns = [];
  const encryptedRuns = [];
  // This process's CPU (every thread: tar, gzip, the cipher, scrypt), PostgreSQL's aside: what
  // encryption adds, whatever the other users of the machine take from the wall clock.
  const cpu: { plain: number[]; encrypted: number[] } = { plain: [], encrypted: [] };
  const timedCpu = async <T>(into: number[], work: () => Promise<T>) => {
    const before = process.cpuUsage();
    const result = await work();
    const used = process.cpuUsage(before);
    into.push((used.user + used.system) / 1000);
    return result;
  };
  for (let round = 0; round < 2; round++) {
    loads.push(os.loadavg());
    plainRuns.push(await timedCpu(cpu.plain, () => runBackup(target(`plain-${round}`, false), "manual")));
    loads.push(os.loadavg());
    encryptedRuns.push(await timedCpu(cpu.encrypted, () => runBackup(target(`encrypted-${round}`, true), "manual")));
  }
  const fastest = <T extends { durationMs: number }>(runs: T[]) =>
    runs.reduce((a, b) => (b.durationMs < a.durationMs ? b : a));
  const backup = fastest(plainRuns);
  const encrypted = fastest(encryptedRuns);

  // Her bucket, played by s3rver on this machine: the copy's time is this disk's and loopback's, not a provider's.
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: path.join(work, "s3rver"),
    configureBuckets: [{ name: "bench-copies" }],
  });
  const { port } = await s3.run();
  const bucket = createBackupBucket({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: "bench-copies",
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    prefix: "studio/",
  });
  let copyMs = Date.now();
  const copy = await copyToBucket({ db: database.db, bucket, file: encrypted.file, keyFile: key.file });
  copyMs = Date.now() - copyMs;
  if (!copy.ok) throw new Error(copy.detail?.error);
  await s3.close();
  await database.close();

  const restoreOf = async (file: string, name: string, withPassphrase?: string) => {
    const restoreDir = path.join(work, name);
    return restoreBackup({
      file,
      connection: { connectionString: await databaseUrl(`bench_${name}_${suffix}`) },
      media: createLocalMediaStorage(path.join(restoreDir, "media")),
      migrationsFolder,
      tables: siteTables,
      workDir: restoreDir,
      passphrase: withPassphrase,
      keysDir,
    });
  };
  loads.push(os.loadavg());
  const restore = await restoreOf(backup.file, "restore", undefined);
  loads.push(os.loadavg());
  const restoreEncrypted = await restoreOf(encrypted.file, "restore_encrypted", passphrase);
  loads.push(os.loadavg());

  const mediaBytes = backup.manifest.media.files.reduce((sum, f) => sum + f.bytes, 0);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const extra = (plain: number, enc: number) =>
    `${enc >= plain ? "+" : ""}${(((enc - plain) / plain) * 100).toFixed(0)}%`;
  console.log(
    `Backup benchmark (${REVIEWS} reviews, ${PHOTOS} recipe photos, ${REVIEW_PHOTOS} review photos; seeding took ${(seeded / 1000).toFixed(1)} s)`,
  );
  console.log(`  contents:       ${describeManifest(backup.manifest)}`);
  console.log(`                  plain            encrypted (age)`);
  console.log(
    `  backup time:    ${seconds(backup.durationMs).padEnd(17)}${seconds(encrypted.durationMs)} (${extra(backup.durationMs, encrypted.durationMs)}; runs ${plainRuns.map((r) => seconds(r.durationMs)).join(", ")} / ${encryptedRuns.map((r) => seconds(r.durationMs)).join(", ")})`,
  );
  console.log(
    `  backup CPU:     ${cpu.plain.map(seconds).join(", ").padEnd(17)}${cpu.encrypted.map(seconds).join(", ")} (this process, each run)`,
  );
  console.log(
    `  backup key:     ${"-".padEnd(17)}made once in ${seconds(keyMadeMs)}; opened once per process in ${seconds(keyOpenedMs)} (scrypt)`,
  );
  console.log(
    `  backup size:    ${formatBytes(backup.bytes).padEnd(17)}${formatBytes(encrypted.bytes)} (media ${formatBytes(mediaBytes)} before compression)`,
  );
  console.log(
    `  copy to bucket: ${"-".padEnd(17)}${seconds(copyMs)} (${formatBytes(copy.value.bytes)} to s3rver on loopback)`,
  );
  console.log(
    `  restore time:   ${seconds(restore.durationMs).padEnd(17)}${seconds(restoreEncrypted.durationMs)} (${extra(restore.durationMs, restoreEncrypted.durationMs)}; the key already open, as in the site; a new process adds one scrypt)`,
  );
  console.log(`  peak memory:    ${formatBytes(process.resourceUsage().maxRSS * 1024)} resident for the whole run`);
  console.log(
    `  load average (1 min) before each step: ${loads.map((l) => l[0]!.toFixed(2)).join(", ")} on ${os.availableParallelism()} cores`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
  await cluster?.stop();
}
