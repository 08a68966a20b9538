// The core-names step of `npm run check:ways`: fails when a file of the core (app/core) or of the shared components
// (app/ui) names a feature, by its path (`features/…`) or by its folder's name used in an identifier or
// a string (decision 49). dependency-cruiser already refuses the core's imports of a feature; this
// catches the knowledge that comes without an import: a table, a page, a value list copied in.
// Comments may name features (an example, the reason for a choice); tests run on the site's own data.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Places known to name a feature when this check was written, each to be moved out (decision 49):
 * "file: line's text". A new place fails; so does one listed here that is gone (the list stays true).
 */
export const KNOWN: readonly string[] = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "core-names-known.json"), "utf8"),
);

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** The words a feature's folder name is written with in code: "site-content" → site, content. */
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());

/**
 * A feature's name as word sequences, as its folder spells it ("reviews", "site content"): a singular
 * ("photo", "review") is also an ordinary word of the core's (a portrait's photo, a review's limits).
 */
const featureForms = (feature: string): string[][] => [words(feature)];

/** The code with its comments blanked (strings kept), line breaks kept so lines still count. */
export function withoutComments(source: string): string {
  let out = "";
  let i = 0;
  let quote: string | null = null;
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (quote) {
      out += c;
      if (c === "\\") {
        out += next ?? "";
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i++;
    } else if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else {
      if (c === '"' || c === "'" || c === "`") quote = c;
      out += c;
      i++;
    }
  }
  return out;
}

/** Where `source` names one of `features` outside its comments. */
export function featureNames(file: string, source: string, features: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const forms = features.flatMap(featureForms);
  withoutComments(source)
    .split("\n")
    .forEach((text, index) => {
      const hit =
        /features\//.test(text) ||
        (text.match(/[A-Za-z0-9_$-]+/g) ?? []).some((token) => {
          const tokenWords = words(token);
          return forms.some((form) => tokenWords.some((_, at) => form.every((word, k) => tokenWords[at + k] === word)));
        });
      if (hit) findings.push({ file, line: index + 1, text: text.trim() });
    });
  return findings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Every finding in the core and app/ui of the tree at `root`: no file is exempt (decision 81). */
export function coreFeatureNames(root: string): Finding[] {
  const features = readdirSync(path.join(root, "app/features")).filter((name) =>
    statSync(path.join(root, "app/features", name)).isDirectory(),
  );
  return ["app/core", "app/ui"]
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .map((file) => path.relative(root, file).split(path.sep).join("/"))
    .flatMap((file) => featureNames(file, readFileSync(path.join(root, file), "utf8"), features));
}

/** The findings not in the known list, and the known entries no longer found. */
export function checkCoreNames(root: string, known: readonly string[] = KNOWN) {
  const findings = coreFeatureNames(root);
  const found = new Set(findings.map(({ file, text }) => `${file}: ${text}`));
  return {
    added: findings.filter(({ file, text }) => !known.includes(`${file}: ${text}`)),
    gone: known.filter((entry) => !found.has(entry)),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { added, gone } = checkCoreNames(path.resolve(import.meta.dirname, ".."));
  for (const { file, line, text } of added) console.error(`${file}:${line}: names a feature: ${text}`);
  for (const entry of gone) console.error(`no longer found, remove it from scripts/core-names-known.json: ${entry}`);
  if (added.length) {
    console.error(
      `\n${added.length} place(s) in app/core or app/ui name a feature: let the feature register it through the composition (decision 49).`,
    );
  }
  if (added.length || gone.length) process.exit(1);
}
