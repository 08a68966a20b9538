import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import type { MouseEvent } from "react";
import { TextField } from "~/core/forms/conform-fields";
import type { PublicImage } from "~/core/media/public-image";
import { ResponsiveImage } from "~/ui/responsive-image";
import { Stylesheet } from "~/ui/stylesheet";
import focusPickerStyles from "~/styles/focus-picker.css?url";

type Percent = FieldMetadata<unknown>;
/** The Conform intent the picker's buttons use. */
type FocusForm = Pick<FormMetadata<Record<string, unknown>, string[]>, "update">;

const ROWS = [
  { y: 0, name: "In alto" },
  { y: 50, name: "Al centro" },
  { y: 100, name: "In basso" },
] as const;
const COLUMNS = [
  { x: 0, name: "a sinistra" },
  { x: 50, name: "al centro" },
  { x: 100, name: "a destra" },
] as const;

/** What the editor says above the picker. */
const FOCUS_HINT =
  "Tocca la foto nel punto che deve restare in vista quando viene ritagliata, oppure scegli uno dei nove riquadri. Per essere precisa, scrivi la posizione (0 = sinistra/alto, 100 = destra/basso).";

/** The point a field holds now (as typed: any text), as a whole percentage; `fallback` while it is not a number. */
export function clampPercent(value: unknown, fallback: number): number {
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
  const n = Number(text);
  return Number.isFinite(n) && text.trim() !== "" ? Math.min(100, Math.max(0, Math.round(n))) : fallback;
}

/** A button's name: "In alto a sinistra", …, "Al centro" (not "Al centro al centro"). */
const spotName = (row: string, column: string) =>
  row === "Al centro" && column === "al centro" ? row : `${row} ${column}`;

/**
 * A photo's focus (the point that stays in view when it is cropped: the portrait, an article's
 * cover), chosen by tapping the whole photo, or with one of nine buttons (a 3×3 grid: keyboard,
 * screen reader, no JavaScript, each Conform's update intent), or typed in the two number fields
 * under it (whose arrow keys step it by one). The point is marked on the photo. `fieldset` is the
 * form's object field holding `focusX` and `focusY`.
 */
export function FocusPicker({
  image,
  fieldset,
  focusX,
  focusY,
  x,
  y,
  form,
}: {
  image: PublicImage;
  fieldset: { name: string };
  focusX: Percent;
  focusY: Percent;
  x: number;
  y: number;
  form: FocusForm;
}) {
  const tap = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = (offset: number, size: number) => String(Math.min(100, Math.max(0, Math.round((offset / size) * 100))));
    form.update({
      name: fieldset.name,
      value: {
        focusX: at(event.clientX - box.left, box.width),
        focusY: at(event.clientY - box.top, box.height),
      } as never,
    });
  };
  return (
    <>
      <Stylesheet href={focusPickerStyles} />
      <p className="field__hint">{FOCUS_HINT}</p>
      <div className="focus-picker">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a tap on the photo is a shortcut; the nine buttons below are the keyboard's and a screen reader's way. */}
        <div className="focus-picker__photo" onClick={tap}>
          <ResponsiveImage image={image} alt="" sizes="(min-width: 52rem) 24rem, 90vw" />
          <span className="focus-picker__point" style={{ left: `${x}%`, top: `${y}%` }} aria-hidden="true" />
        </div>
        <div className="focus-picker__grid" role="group" aria-label="Punto della foto da tenere in vista">
          {ROWS.flatMap((row) =>
            COLUMNS.map((column) => (
              <button
                key={`${row.y}-${column.x}`}
                className="focus-picker__spot"
                aria-pressed={x === column.x && y === row.y}
                {...form.update.getButtonProps({
                  name: fieldset.name,
                  value: { [nameOf(focusX)]: String(column.x), [nameOf(focusY)]: String(row.y) } as never,
                })}
              >
                <span className="visually-hidden">{spotName(row.name, column.name)}</span>
              </button>
            )),
          )}
        </div>
      </div>
      <div className="focus-picker__fields">
        <TextField meta={focusX} type="number" label="Posizione orizzontale (%)" inputMode="numeric" />
        <TextField meta={focusY} type="number" label="Posizione verticale (%)" inputMode="numeric" />
      </div>
    </>
  );
}

/** A field's own key within its fieldset ("portrait.focusX" → "focusX"). */
const nameOf = (field: Percent) => field.name.slice(field.name.lastIndexOf(".") + 1);
