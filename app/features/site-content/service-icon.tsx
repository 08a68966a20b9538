import type { ServiceIconName as IconName } from "~/features/site-content/site-content";
import spriteUrl from "./service-icons.svg?url&no-inline";

/**
 * Line icons drawn on a 24 px grid; stroke follows the text colour. Decorative: the title says it all.
 * The drawings are in a file of their own (cached with the build's assets), not in the pages' scripts.
 */
export function ServiceIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="28"
      height="28"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
