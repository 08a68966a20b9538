// `node scripts/subset-fonts.ts`: makes the two web fonts the site ships (app/fonts/) and prints the
// metric-matched fallback faces for app/app.css. Run it again after changing the fonts or the weights.
//
// - Characters: what Italian text needs (Basic Latin, Latin-1 with every accented vowel, typographic
//   quotes and dashes, the euro sign). Names with rarer letters use the latin-ext files of fontsource.
// - Weights: 400 to 700, the only ones the stylesheets use (the variable axis keeps them in one file).
// - Fallbacks: local fonts resized (size-adjust) to the web font's average letter width, with its
//   ascent and descent, so that the text keeps its lines when the web font replaces them.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fromBuffer } from "@capsizecss/unpack";
import { fromFile } from "@capsizecss/unpack/fs";
import { entireMetricsCollection } from "@capsizecss/metrics/entireMetricsCollection";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");

/** The code points the Italian subset covers, as a CSS unicode-range and as text for the subsetter. */
export const ITALIAN_RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x131, 0x131],
  [0x152, 0x153],
  [0x2c6, 0x2c6],
  [0x2da, 0x2da],
  [0x2dc, 0x2dc],
  [0x2013, 0x2014],
  [0x2018, 0x201a],
  [0x201c, 0x201e],
  [0x2020, 0x2022],
  [0x2026, 0x2026],
  [0x2030, 0x2030],
  [0x2039, 0x203a],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
];

const text = ITALIAN_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join("");
const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, "0");
const unicodeRange = ITALIAN_RANGES.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(", ");

// Each font's fallbacks in the order of its stack in app/app.css (Linux's first: see there); the
// script prints the stacks too.
const fonts = [
  {
    family: "Fraunces",
    source: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    output: "app/fonts/fraunces-italian-wght.woff2",
    generic: "serif",
    fallbacks: [
      {
        name: "Fraunces DejaVu Serif",
        local: ["DejaVu Serif", "DejaVuSerif"],
        file: "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
      },
      { name: "Fraunces Georgia", local: ["Georgia"], metrics: entireMetricsCollection.georgia },
      {
        name: "Fraunces Times",
        local: ["Times New Roman", "Liberation Serif", "Tinos"],
        metrics: entireMetricsCollection.timesNewRoman,
      },
      {
        name: "Fraunces Noto Serif",
        local: ["Noto Serif", "NotoSerif-Regular"],
        metrics: entireMetricsCollection.notoSerif,
      },
    ],
  },
  {
    family: "Source Sans 3",
    source: "node_modules/@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2",
    output: "app/fonts/source-sans-3-italian-wght.woff2",
    generic: "sans-serif",
    fallbacks: [
      {
        name: "Source Sans 3 DejaVu Sans",
        local: ["DejaVu Sans", "DejaVuSans"],
        file: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
      },
      {
        name: "Source Sans 3 Arial",
        local: ["Arial", "ArialMT", "Liberation Sans", "Arimo"],
        metrics: entireMetricsCollection.arial,
      },
      { name: "Source Sans 3 Roboto", local: ["Roboto", "Roboto-Regular"], metrics: entireMetricsCollection.roboto },
    ],
  },
];

/**
 * Each local font stands in twice, sized to the web font at two weights: the regular text (400)
 * and the bold text, set at 600 and 700, sized to the middle (650). The bold face is declared 500
 * and holds the local regular font: asked for 600 or 700, the browser picks it and thickens it
 * (synthetic bold, which keeps the letters' widths), as it does with one face for every weight.
 */
const fallbackWeights = [
  { descriptor: 400, width: 400 },
  { descriptor: 500, width: 650 },
];

type Metrics = { unitsPerEm: number; ascent: number; descent: number; lineGap: number; xWidthAvg: number };
const pct = (n: number) => `${(n * 100).toFixed(2)}%`;

let css = "";
for (const font of fonts) {
  const original = readFileSync(path.join(root, font.source));
  const woff2 = await subsetFont(original, text, {
    targetFormat: "woff2",
    variationAxes: { wght: { min: 400, max: 700 } },
  });
  writeFileSync(path.join(root, font.output), woff2);
  console.error(`${font.output}: ${(original.length / 1024).toFixed(1)} KB → ${(woff2.length / 1024).toFixed(1)} KB`);
  for (const face of fallbackWeights) {
    // Measured at the weight the face stands in for: the variable file's default instance is not
    // the text's width (Fraunces's measured 6% wider than at 400: centred text moved as it came).
    const instance = await subsetFont(original, text, { targetFormat: "sfnt", variationAxes: { wght: face.width } });
    const web: Metrics = await fromBuffer(instance);
    for (const fallback of font.fallbacks) {
      const local: Metrics = "file" in fallback ? await fromFile(fallback.file!) : fallback.metrics!;
      const sizeAdjust = web.xWidthAvg / web.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
      css += `@font-face {
  font-family: "${fallback.name}";
  src: ${fallback.local.map((name) => `local("${name}")`).join(", ")};
  font-weight: ${face.descriptor};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(web.ascent / web.unitsPerEm / sizeAdjust)};
  descent-override: ${pct(Math.abs(web.descent) / web.unitsPerEm / sizeAdjust)};
  line-gap-override: ${pct(web.lineGap / web.unitsPerEm / sizeAdjust)};
}
`;
    }
  }
}
console.error(`unicode-range: ${unicodeRange}`);
// The stacks of app/app.css, in the fallbacks' order above: pasted with the faces, so the two agree.
for (const font of fonts) {
  const stack = [`${font.family} Variable`, ...font.fallbacks.map((fallback) => fallback.name)];
  console.error(`stack: ${stack.map((name) => `"${name}"`).join(", ")}, ${font.generic};`);
}
console.log(css);
