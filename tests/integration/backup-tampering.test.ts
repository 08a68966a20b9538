import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { chmod, mkdtemp, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import pg from "pg";
import tar from "tar-stream";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createBackup } from "~/features/backups/dump.server";
import { BackupRejectedError } from "~/features/backups/restore-archive.server";
import { restoreBackup } from "~/features/backups/restore.server";
import { siteTables } from "~/composition/site-schema";
import { mediaChecksums, openBackup, packBackup, readAllRows, type OpenedBackup } from "../support/backup-archive";
import { seedSite } from "../support/factory";
import { openDatabase } from "~/core/db/database.server";
import { createLocalMediaStorage } from "~/core/media/media-storage.server";
import { runScript } from "../support/commands";
import { createPostgresDatabase } from "../support/test-databases";

/*
 * Archives crafted from a real backup, as someone could send one to the practitioner:
 * each is refused, and the site it was restored into is left exactly as it was.
 */

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
const intruder = `intruso_${randomBytes(4).toString("hex")}`;

let backupFile: string;
let work: string;
let target: { url: string; dataDir: string; databaseOid: number };

async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** Everything a restore could change: the rows, every file under the data directory, the roles, their settings. */
async function snapshot() {
  return {
    rows: await readAllRows(target.url),
    files: await mediaChecksums(target.dataDir),
    roles: (await query<{ rolname: string }>("select rolname from pg_roles order by 1")).map((r) => r.rolname),
    settings: await query("select setdatabase, setrole, setconfig::text from pg_db_role_setting order by 1, 2"),
  };
}

/** A new one for each test: a refusal that comes before unpacking never makes it. */
let workDir: () => string;

function restoreInto(file: string, options: { freeSpace?: (dir: string) => Promise<number> } = {}) {
  return restoreBackup({
    file,
    connection: { connectionString: target.url },
    media: createLocalMediaStorage(path.join(target.dataDir, "media")),
    migrationsFolder,
    tables: siteTables,
    replace: true,
    workDir: workDir(),
    ...options,
  });
}

/** The restore is refused with `message` and nothing it could touch has changed. */
async function expectRefused(
  file: string,
  message: RegExp,
  options?: { freeSpace?: (dir: string) => Promise<number> },
): Promise<string> {
  const before = await snapshot();
  const attempt = restoreInto(file, options);
  await expect(attempt).rejects.toBeInstanceOf(BackupRejectedError);
  const error = (await attempt.catch((e: Error) => e)) as Error;
  expect(error.message).toMatch(message);
  expect(await snapshot()).toEqual(before);
  expect((await query("select 1 from pg_roles where rolname = $1", [intruder])).length).toBe(0);
  return error.message;
}

/** The real backup, changed by `edit`, packed again with matching checksums. */
async function tampered(
  name: string,
  edit: (backup: OpenedBackup) => void,
  afterwards?: Parameters<typeof packBackup>[2],
) {
  const backup = await openBackup(backupFile);
  edit(backup);
  const file = path.join(work, `${name}.tar.gz`);
  await packBackup(file, backup, afterwards);
  return file;
}

function addTable(backup: OpenedBackup, schema: string, name: string, columns: string[], rows: string) {
  const file = `db/${String(90 + backup.manifest.database.tables.length).padStart(3, "0")}.copy`;
  backup.manifest.database.tables.push({ schema, name, columns, rows: 0, file, bytes: 0, sha256: "0".repeat(64) });
  backup.entries.set(file, Buffer.from(rows));
}

function tableFile(backup: OpenedBackup, name: string): string {
  return backup.manifest.database.tables.find((t) => t.schema === "public" && t.name === name)!.file;
}

function addMedia(backup: OpenedBackup, body: Buffer): string {
  const key = `reviews/${randomBytes(16).toString("base64url")}.webp`;
  backup.manifest.media.files.push({ key, bytes: 0, sha256: "0".repeat(64) });
  backup.entries.set(`media/${key}`, body);
  return key;
}

/** Control and format characters (a terminal acts on them, or shows them as something else), line ends apart. */
const unprintable = (text: string) => [...text.replaceAll("\n", "")].filter((c) => /[\p{Cc}\p{Cf}]/u.test(c));

/** Looks like a shared library to the dynamic loader. */
const elf = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), randomBytes(8000)]);

describe("restoring a tampered backup", () => {
  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), "tampered-"));
    const sourceUrl = await createPostgresDatabase();
    const sourceData = await mkdtemp(path.join(os.tmpdir(), "tampered-source-"));
    const source = await openDatabase({ url: sourceUrl, migrationsFolder });
    try {
      await seedSite(source, createLocalMediaStorage(path.join(sourceData, "media")), {
        photos: 2,
        reviews: 30,
        reviewPhotos: 1,
      });
    } finally {
      await source.close();
    }
    backupFile = path.join(work, "studio.tar.gz");
    await createBackup({
      connection: { connectionString: sourceUrl },
      media: createLocalMediaStorage(path.join(sourceData, "media")),
      mediaStorage: "local",
      file: backupFile,
      migrationsFolder,
      app: { name: "studio-test", version: "1" },
    });

    // The practitioner's running site, with its own rows and photos.
    const url = await createPostgresDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "tampered-target-"));
    const site = await openDatabase({ url, migrationsFolder });
    try {
      await seedSite(site, createLocalMediaStorage(path.join(dataDir, "media")), {
        photos: 1,
        reviews: 3,
        reviewPhotos: 1,
      });
    } finally {
      await site.close();
    }
    target = { url, dataDir, databaseOid: 0 };
    target.databaseOid = (
      await query<{ oid: number }>("select oid::int from pg_database where datname = current_database()")
    )[0]!.oid;
  });

  beforeEach(({ task }) => {
    const dir = path.join(target.dataDir, `restore-work-${task.id}`);
    workDir = () => dir;
  });

  it("refuses rows for pg_catalog.pg_authid: no superuser role is created", async () => {
    const file = await tampered("pg-authid", (backup) =>
      addTable(
        backup,
        "pg_catalog",
        "pg_authid",
        [
          "oid",
          "rolname",
          "rolsuper",
          "rolinherit",
          "rolcreaterole",
          "rolcreatedb",
          "rolcanlogin",
          "rolreplication",
          "rolbypassrls",
          "rolconnlimit",
          "rolpassword",
          "rolvaliduntil",
        ],
        `${3_000_000_000 + randomBytes(2).readUInt16BE()}\t${intruder}\tt\tt\tt\tt\tt\tt\tt\t-1\t\\N\t\\N\n`,
      ),
    );
    await expectRefused(file, /la tabella "pg_catalog\.pg_authid", che questa versione del sito non ha/);
  });

  it("refuses rows for pg_catalog.pg_db_role_setting: no setting is added to the database", async () => {
    const file = await tampered("pg-db-role-setting", (backup) =>
      addTable(
        backup,
        "pg_catalog",
        "pg_db_role_setting",
        ["setdatabase", "setrole", "setconfig"],
        `${target.databaseOid}\t0\t{search_path=${intruder}}\n`,
      ),
    );
    await expectRefused(file, /la tabella "pg_catalog\.pg_db_role_setting", che questa versione del sito non ha/);
  });

  it("refuses a table of the public schema that the site does not have", async () => {
    const file = await tampered("unknown-table", (backup) =>
      addTable(backup, "public", "appunti", ["id", "testo"], "1\tnota\n"),
    );
    await expectRefused(file, /la tabella "public\.appunti", che questa versione del sito non ha/);
  });

  it("refuses a column the site's table does not have", async () => {
    const file = await tampered("extra-column", (backup) => {
      const reviews = backup.manifest.database.tables.find((t) => t.name === "reviews")!;
      reviews.columns.push("nota_segreta");
      const rows = backup.entries.get(reviews.file)!.toString("utf8").split("\n").filter(Boolean);
      backup.entries.set(reviews.file, Buffer.from(rows.map((row) => `${row}\tsegreto\n`).join("")));
    });
    await expectRefused(file, /la colonna "nota_segreta" nella tabella public\.reviews/);
  });

  it("refuses a row count that does not match the rows, counted before loading and again after", async () => {
    const fewer = await tampered(
      "row-count",
      () => {},
      (manifest) => {
        manifest.database.tables.find((t) => t.name === "reviews")!.rows -= 1;
      },
    );
    await expectRefused(fewer, /contiene 30 righe ma il manifesto ne dichiara 29/);

    // COPY stops at a line holding only \. : the lines add up, the rows loaded do not.
    const cut = await tampered("end-marker", (backup) => {
      const file = tableFile(backup, "reviews");
      const rows = backup.entries.get(file)!.toString("utf8").split("\n").filter(Boolean);
      backup.entries.set(
        file,
        Buffer.from([...rows.slice(0, 10), "\\.", ...rows.slice(10)].map((r) => `${r}\n`).join("")),
      );
    });
    await expectRefused(
      cut,
      /la tabella public\.reviews ha 10 righe dopo il caricamento, ma il manifesto ne dichiara 31/,
    );
  });

  it("refuses a media file that is not an image, even one that begins like one", async () => {
    const library = await tampered("elf-media", (backup) => addMedia(backup, elf()));
    await expectRefused(library, /media\/reviews\/[\w-]+\.webp non è un'immagine valida/);

    const disguised = await tampered("disguised-media", (backup) => {
      const webp = [...backup.entries].find(([name]) => name.endsWith(".webp"))![1];
      addMedia(backup, Buffer.concat([webp.subarray(0, 64), elf()]));
    });
    await expectRefused(disguised, /non è un'immagine valida/);
  });

  it("refuses a decompression bomb before writing anything", async () => {
    const backup = await openBackup(backupFile);
    const file = path.join(work, "bomb.tar.gz");
    const pack = tar.pack();
    const writing = pipeline(pack, createGzip({ level: 9 }), createWriteStream(file));
    for (const [name, body] of backup.entries) pack.entry({ name, size: body.length }, body);
    const megabyte = Buffer.alloc(1024 * 1024);
    const unpacked = 512 * megabyte.length;
    await pipeline(
      Readable.from(Array.from({ length: 512 }, () => megabyte)),
      pack.entry({ name: "db/099.copy", size: unpacked }),
    );
    const manifest = Buffer.from(JSON.stringify(backup.manifest));
    pack.entry({ name: "manifest.json", size: manifest.length }, manifest);
    pack.finalize();
    await writing;
    const { size } = await stat(file);
    expect(size).toBeLessThan(2 * 1024 * 1024);

    await expectRefused(file, /decompresso, supererebbe .*: troppo per un file di/);
    // Refused on the entry's header: the work folder was never made, no byte of it was written.
    expect(existsSync(workDir())).toBe(false);
  }, 60_000);

  it("refuses when the disk has too little free space, before writing anything", async () => {
    const asked: string[] = [];
    await expectRefused(backupFile, /spazio su disco insufficiente per il ripristino in .*: servono .*, liberi 1 MB/, {
      freeSpace: async (dir) => {
        asked.push(dir);
        return 1024 * 1024;
      },
    });
    expect(asked).toEqual([workDir()]);
    expect(existsSync(workDir())).toBe(false);
  });

  it("prints names from the archive escaped: control characters cannot reach the terminal", async () => {
    const name = "reviews\u001b[2J\u001b]0;pwned\u0007";
    const file = await tampered("control-characters", (backup) => {
      const reviews = backup.manifest.database.tables.find((t) => t.name === "reviews")!;
      reviews.name = name;
    });
    const message = await expectRefused(file, /la tabella "public\.reviews\\u001b\[2J\\u001b\]0;pwned\\u0007"/);
    expect(unprintable(message)).toEqual([]);

    const entry = await tampered("control-characters-entry", (backup) => {
      backup.entries.set("media/\u001b[31mrosso\u202eexe.webp", elf());
    });
    const entryMessage = await expectRefused(entry, /voce inattesa \("media\/\\u001b\[31mrosso\\u202eexe\.webp"\)/);
    expect(unprintable(entryMessage)).toEqual([]);

    // The command line prints the same, in a data directory it leaves untouched.
    const parent = await mkdtemp(path.join(os.tmpdir(), "tampered-cli-"));
    await chmod(parent, 0o711);
    const dataDir = path.join(parent, "data");
    const result = await runScript("scripts/restore.ts", [file], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'Errore: il backup contiene la tabella "public.reviews\\u001b[2J\\u001b]0;pwned\\u0007", che questa versione del sito non ha',
    );
    expect(result.stderr).toContain("Nulla è stato modificato.");
    expect(unprintable(result.stderr)).toEqual([]);
    expect(existsSync(dataDir)).toBe(false);
  });
});
