import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * How `npm start` runs the server, read from package.json: the environment it sets and the node
 * flags it passes, so that a benchmark starting the server itself measures what `npm start` runs.
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const packageJson = path.resolve(import.meta.dirname, "../../package.json");
  const start: string = JSON.parse(readFileSync(packageJson, "utf8")).scripts.start;
  const match = /((?:\w+=\S+\s+)*)exec node (.*?)\s*build\/server\/start\.js/.exec(start);
  if (!match) throw new Error(`package.json's start script no longer runs build/server/start.js: ${start}`);
  const env = Object.fromEntries(
    match[1]!
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => assignment.split("=") as [string, string]),
  );
  return { env, flags: match[2]!.split(/\s+/).filter(Boolean) };
}
