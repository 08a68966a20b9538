import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkoutCommit, readLastUpdate, writeJsonAtomic } from "./site-version.server";

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=T", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

describe("checkoutCommit", () => {
  it("reads the commit as git does: loose refs, packed refs, detached, and none outside a checkout", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "version-"));
    expect(checkoutCommit(dir)).toBeNull();
    git(dir, "init", "--quiet", "-b", "main");
    git(dir, "commit", "--quiet", "--allow-empty", "-m", "one");
    expect(checkoutCommit(dir)).toBe(git(dir, "rev-parse", "HEAD"));
    git(dir, "pack-refs", "--all");
    expect(checkoutCommit(dir)).toBe(git(dir, "rev-parse", "HEAD"));
    git(dir, "commit", "--quiet", "--allow-empty", "-m", "two");
    git(dir, "checkout", "--quiet", "--detach", "HEAD~1");
    expect(checkoutCommit(dir)).toBe(git(dir, "rev-parse", "HEAD"));
    const worktree = path.join(dir, "wt");
    git(dir, "worktree", "add", "--quiet", worktree, "main");
    expect(checkoutCommit(worktree)).toBe(git(worktree, "rev-parse", "HEAD"));
  });
});

describe("the last update's file", () => {
  it("is written whole and read back; anything else reads as none", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "update-state-"));
    expect(readLastUpdate(dir)).toBeNull();
    const value = { outcome: "rolled-back", from: "a", to: "b", finishedAt: "2026-01-01T00:00:00Z", message: "m" };
    writeJsonAtomic(path.join(dir, "update/last.json"), value);
    expect(readLastUpdate(dir)).toEqual(value);
    writeJsonAtomic(path.join(dir, "update/last.json"), { outcome: "maybe" });
    expect(readLastUpdate(dir)).toBeNull();
    expect(readFileSync(path.join(dir, "update/last.json"), "utf8")).toContain("maybe");
  });
});
