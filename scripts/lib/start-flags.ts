import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The node flags of `npm start`, read from package.json, so that a benchmark starting the server
 * itself measures what `npm start` runs.
 */
export function startFlags(): string[] {
  const packageJson = path.resolve(import.meta.dirname, "../../package.json");
  const start: string = JSON.parse(readFileSync(packageJson, "utf8")).scripts.start;
  const flags = /exec node (.*?)\s*build\/server\/start\.js/.exec(start)?.[1];
  if (flags === undefined)
    throw new Error(`package.json's start script no longer runs build/server/start.js: ${start}`);
  return flags.split(/\s+/).filter(Boolean);
}
