// Plain JavaScript on purpose: it must run, and explain, on any Node version.
import { pathToFileURL } from "node:url";

/** Why this Node version cannot run the project, or null when it can. */
export function nodeVersionProblem(version) {
  const major = Number(version.replace(/^v/, "").split(".")[0]);
  if (major === 24) return null;
  return (
    `This project runs on Node 24 (found ${version}). Run it through npm scripts after "npm ci" ` +
    `(the "node" package in dependencies provides Node 24; do not use --ignore-scripts).`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const problem = nodeVersionProblem(process.version);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
