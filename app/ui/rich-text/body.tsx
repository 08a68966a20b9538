import type { ReactNode } from "react";
import type { PublicImage } from "~/core/media/public-image";
import { ResponsiveImage } from "~/ui/responsive-image";
import { Stylesheet } from "~/ui/stylesheet";
import richTextBodyStyles from "~/styles/rich-text-body.css?url";
import { type Block, type Inline, type RichTextDocument, SAFE_HREF } from "./document";

/*
 * Rich text as React elements, from the document its schema allowed (document-schema.ts):
 * text is always text, a link's address is checked again here, an image is ours by id. No HTML she
 * wrote is ever inserted as HTML.
 */

function inlineNodes(content: readonly Inline[] | undefined): ReactNode[] {
  return (content ?? []).map((node, index) => {
    if (node.type === "hardBreak") return <br key={index} />;
    let element: ReactNode = node.text;
    for (const mark of node.marks ?? []) {
      if (mark.type === "bold") element = <strong>{element}</strong>;
      else if (mark.type === "italic") element = <em>{element}</em>;
      else if (SAFE_HREF.test(mark.attrs.href)) {
        const external = !mark.attrs.href.toLowerCase().startsWith("mailto:");
        element = (
          <a href={mark.attrs.href} rel={external ? "noopener noreferrer" : undefined}>
            {element}
          </a>
        );
      }
    }
    return <span key={index}>{element}</span>;
  });
}

type Images = Readonly<Record<string, PublicImage>>;
/** How an image is drawn: on a page, responsive; in an e-mail, a plain img. */
type DrawImage = (image: PublicImage, alt: string) => ReactNode;

const pageImage: DrawImage = (image, alt) => (
  <ResponsiveImage image={image} alt={alt} sizes="(min-width: 48rem) 44rem, 92vw" />
);

/** In an e-mail: the address, its size and description; no srcset or lazy loading, which mail programs ignore. */
const mailImage: DrawImage = (image, alt) => (
  <img
    src={image.src}
    width={image.width}
    height={image.height}
    alt={alt}
    style={{ display: "block", maxWidth: "100%", height: "auto" }}
  />
);

function blockNode(node: Block, key: number, images: Images, draw: DrawImage): ReactNode {
  switch (node.type) {
    case "paragraph":
      return <p key={key}>{inlineNodes(node.content)}</p>;
    case "heading":
      return node.attrs.level === 2 ? (
        <h2 key={key}>{inlineNodes(node.content)}</h2>
      ) : (
        <h3 key={key}>{inlineNodes(node.content)}</h3>
      );
    case "bulletList":
      return (
        <ul key={key}>
          {node.content.map((item, i) => (
            <li key={i}>{blockNodes(item.content, images, draw)}</li>
          ))}
        </ul>
      );
    case "orderedList":
      return (
        <ol key={key} start={node.attrs?.start && node.attrs.start !== 1 ? node.attrs.start : undefined}>
          {node.content.map((item, i) => (
            <li key={i}>{blockNodes(item.content, images, draw)}</li>
          ))}
        </ol>
      );
    case "blockquote":
      return <blockquote key={key}>{blockNodes(node.content, images, draw)}</blockquote>;
    case "image": {
      const image = images[node.attrs.imageId];
      // An image no longer stored is left out rather than shown broken.
      if (!image) return null;
      return (
        <figure key={key} className="rich-text-body__figure">
          {draw(image, node.attrs.alt)}
        </figure>
      );
    }
  }
}

function blockNodes(content: readonly Block[], images: Images, draw: DrawImage = pageImage): ReactNode[] {
  return content.map((node, index) => blockNode(node, index, images, draw));
}

/**
 * The document's elements alone, without the page's wrapper and stylesheet: for an e-mail, rendered
 * to static markup (a newsletter's body). `images`: each image's absolute address and size, by id;
 * an image not among them is left out.
 */
export function RichTextNodes({ document, images = {} }: { document: RichTextDocument; images?: Images }) {
  return <>{blockNodes(document.content, images, mailImage)}</>;
}

/**
 * A rich-text document on a page; `images`: the public renditions of the images it shows, by id;
 * `className`: the page's own class beside the shared one.
 */
export function RichTextBody({
  document,
  images,
  className,
}: {
  document: RichTextDocument;
  images: Readonly<Record<string, PublicImage>>;
  className?: string;
}) {
  return (
    <div className={className ? `rich-text-body ${className}` : "rich-text-body"}>
      <Stylesheet href={richTextBodyStyles} />
      {blockNodes(document.content, images)}
    </div>
  );
}
