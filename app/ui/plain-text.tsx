import { Fragment } from "react";
import { paragraphs } from "~/core/format/paragraphs";

/**
 * Text the practitioner typed, as paragraphs (blank line) and line breaks (single newline).
 * React escapes it: markup typed in the form is shown as text, never interpreted.
 */
export function PlainText({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {paragraphs(text).map((lines, i) => (
        <p key={i} className={className}>
          {lines.map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </Fragment>
          ))}
        </p>
      ))}
    </>
  );
}
