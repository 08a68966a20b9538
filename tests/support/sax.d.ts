// sax ships no types; the strict parser's few members the feed's test uses.
declare module "sax" {
  interface Tag {
    name: string;
    attributes: Record<string, string>;
  }
  interface SAXParser {
    onopentag: (tag: Tag) => void;
    onclosetag: (name: string) => void;
    ontext: (text: string) => void;
    write(xml: string): SAXParser;
    close(): SAXParser;
  }
  export function parser(strict: true, options?: { xmlns?: boolean }): SAXParser;
}
