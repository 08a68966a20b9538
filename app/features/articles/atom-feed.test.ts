import sax from "sax";
import { describe, expect, it } from "vitest";
import { atomXml } from "./atom-feed";

/** The document as a strict XML parser reads it: every element's path, and each element's text. */
function parsed(xml: string) {
  const parser = sax.parser(true);
  const stack: string[] = [];
  const elements: string[] = [];
  const texts = new Map<string, string>();
  parser.onopentag = (tag) => {
    stack.push(tag.name);
    elements.push(stack.join(">"));
  };
  parser.onclosetag = () => stack.pop();
  parser.ontext = (text) => {
    const at = stack.join(">");
    texts.set(at, (texts.get(at) ?? "") + text);
  };
  parser.write(xml).close();
  return { elements, texts };
}

const HOSTILE_TITLE = "<img src=x onerror=alert(1)> ]]> e ]]> <b>di nuovo</b> & \u0000\u0007fine";
const HOSTILE_SUMMARY = "Riassunto <script>alert(2)</script> \"virgolette\" 'apici'";

describe("the articles' Atom feed", () => {
  const xml = atomXml({
    id: "https://studio.test/articoli",
    title: "Articoli | Dott.ssa <Rossi>",
    subtitle: "Gli articoli",
    updated: new Date("2026-11-30T10:00:00Z"),
    author: { name: "Dott.ssa <Rossi>", uri: "https://studio.test/home" },
    alternate: "https://studio.test/articoli",
    self: "https://studio.test/articoli/feed.xml",
    entries: [
      {
        id: "https://studio.test/articoli/a",
        title: HOSTILE_TITLE,
        summary: HOSTILE_SUMMARY,
        link: "https://studio.test/articoli/a",
        updated: new Date("2026-11-30T10:00:00Z"),
        published: new Date("2026-11-29T10:00:00Z"),
        categories: ["Alimentazione & salute"],
        image: "https://studio.test/media/a.webp",
      },
    ],
  });

  it("is well-formed XML in which no title or summary becomes an element", () => {
    const { elements, texts } = parsed(xml);
    expect(elements.filter((path) => /\b(img|b|script)\b/.test(path))).toEqual([]);
    expect(elements).toContain("feed>entry>title");
    expect(texts.get("feed>entry>title")).toBe("<img src=x onerror=alert(1)> ]]> e ]]> <b>di nuovo</b> & fine");
    expect(texts.get("feed>entry>summary")).toBe(HOSTILE_SUMMARY);
    expect(texts.get("feed>title")).toBe("Articoli | Dott.ssa <Rossi>");
  });

  it("declares every text construct as text, never as HTML, and writes no CDATA", () => {
    expect(xml).not.toContain('type="html"');
    expect(xml).not.toContain("CDATA");
    expect(xml).toMatch(/<title type="text">&lt;img/);
    expect(xml).toMatch(/<summary type="text">Riassunto &lt;script&gt;/);
  });
});
