import type { FormMetadata } from "@conform-to/react";

/**
 * "Sposta su", "Sposta giù" and "Rimuovi" for one row of a Conform list (studios, ingredients):
 * intent buttons, so they work without JavaScript too; each names its row for screen readers, the
 * first cannot go up, the last cannot go down, and the only row cannot be removed.
 */
export function ListRowActions({
  form,
  name,
  index,
  count,
  label,
  className,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: any form's list; only its intent buttons are used.
  form: Pick<FormMetadata<any, string[]>, "reorder" | "remove">;
  /** The list field's name. */
  name: string;
  index: number;
  count: number;
  /** What the row is called ("Studio di Milano", "Farro"). */
  label: string;
  className: string;
}) {
  return (
    <div className={className}>
      <button
        className="button button--secondary button--small"
        {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })}
        disabled={index === 0}
        aria-label={`Sposta su: ${label}`}
      >
        Sposta su
      </button>
      <button
        className="button button--secondary button--small"
        {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })}
        disabled={index === count - 1}
        aria-label={`Sposta giù: ${label}`}
      >
        Sposta giù
      </button>
      <button
        className="button button--danger button--small"
        {...form.remove.getButtonProps({ name, index })}
        disabled={count === 1}
        aria-label={`Rimuovi: ${label}`}
      >
        Rimuovi
      </button>
    </div>
  );
}
