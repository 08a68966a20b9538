/** The settings screen's visit types: each one's form, its place in her order, and the new one's form. */
import { useEffect, useId, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import { bookingLimits } from "./booking-values";
import { useActionResult } from "~/core/forms/action-result";
import { CheckboxField, SelectField, TextField } from "~/core/forms/conform-fields";
import { ErrorList, Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { answerFor, RemoveButton, SETTINGS_PAGE, type SettingsResult } from "./settings-common";
import { visitTypeSchema } from "./settings-schema";

export interface VisitTypeValues {
  id: string;
  name: string;
  durationMinutes: number;
  /** As typed: "80", "82,50"; empty when none. */
  price: string;
  showPrice: boolean;
  confirmation: "immediate" | "request";
  studioKeys: string[];
  online: boolean;
  active: boolean;
  summary: string;
}

const check = (on: boolean) => (on ? "on" : undefined);

/** Add or edit a visit type (the new one's form when `type` is absent). */
export function VisitTypeForm({
  type,
  studios,
  result,
}: {
  type?: VisitTypeValues;
  studios: { key: string; name: string }[];
  result?: SettingsResult;
}) {
  const saver = useFetcher<SettingsResult>();
  const target = type?.id ?? "new-type";
  const answer = answerFor(saver.data, result, target);
  const { form, fields, formProps } = useSchemaForm(visitTypeSchema, {
    id: `tipo-${target}`,
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: useMemo(
      () =>
        type
          ? { ...type, showPrice: check(type.showPrice), online: check(type.online), active: check(type.active) }
          : { confirmation: "request", active: "on" },
      [type],
    ),
  });
  useActionResult(saver.data, (done) => done.ok && !type && form.reset());
  const groupId = useId();
  return (
    <saver.Form method="post" action={SETTINGS_PAGE} className="admin-form" {...formProps}>
      <input type="hidden" name="intent" value={type ? "type-update" : "type-create"} />
      {type ? <input type="hidden" name="id" value={type.id} /> : null}
      <TextField meta={fields.name} label="Nome" maxLength={bookingLimits.visitTypeName.max} />
      <TextField meta={fields.durationMinutes} type="number" inputMode="numeric" label="Durata (minuti)" />
      <TextField meta={fields.price} inputMode="decimal" label="Prezzo intero (euro)" optional />
      <CheckboxField meta={fields.showPrice} label="Mostra il prezzo ai pazienti" />
      <SelectField
        meta={fields.confirmation}
        label="Conferma"
        options={[
          { value: "request", label: "Su richiesta: la confermi tu" },
          { value: "immediate", label: "Subito" },
        ]}
      />
      <fieldset
        className="booking-admin-places"
        aria-describedby={fields.studioKeys.errors ? `${groupId}-error` : undefined}
      >
        <legend className="field__label">Dove si prenota</legend>
        {studios.map((studio) => (
          <Field key={studio.key} id={`${fields.studioKeys.id}-${studio.key}`} label={studio.name} check>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                name={fields.studioKeys.name}
                form={form.id}
                value={studio.key}
                defaultChecked={type?.studioKeys.includes(studio.key)}
              />
            )}
          </Field>
        ))}
        <CheckboxField meta={fields.online} label="Online" />
        <ErrorList id={`${groupId}-error`} errors={fields.studioKeys.errors} />
      </fieldset>
      <CheckboxField meta={fields.active} label="Prenotabile" />
      {answer && !answer.ok && !answer.reply ? (
        <p className="field__error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <div className="admin-form__buttons">
        <button type="submit" className="button" disabled={saver.state !== "idle"}>
          {type ? "Salva il tipo di visita" : "Aggiungi il tipo di visita"}
        </button>
      </div>
    </saver.Form>
  );
}

/**
 * "Sposta su" and "Sposta giù" for one visit type: forms that post, without JavaScript too. With it,
 * the focus stays on the moved type's button (on the other one when it reached the top or bottom).
 */
function MoveButtons({ id, name, position, total }: { id: string; name: string; position: number; total: number }) {
  const mover = useFetcher<SettingsResult>();
  useActionResult(mover.data);
  const moved = useRef<"up" | "down" | null>(null);
  const buttons = useRef<Record<"up" | "down", HTMLButtonElement | null>>({ up: null, down: null });
  useEffect(() => {
    const direction = moved.current;
    if (mover.state !== "idle" || !direction) return;
    moved.current = null;
    const same = buttons.current[direction];
    const other = buttons.current[direction === "up" ? "down" : "up"];
    (same && !same.disabled ? same : other)?.focus();
  });
  return (
    <>
      {(["up", "down"] as const).map((direction) => (
        <mover.Form
          key={direction}
          method="post"
          action={SETTINGS_PAGE}
          onSubmit={() => {
            moved.current = direction;
          }}
        >
          <input type="hidden" name="intent" value="type-move" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="direction" value={direction} />
          <button
            type="submit"
            className="admin-action"
            ref={(button) => {
              buttons.current[direction] = button;
            }}
            disabled={direction === "up" ? position === 1 : position === total}
            aria-label={`${direction === "up" ? "Sposta su" : "Sposta giù"}: ${name}, posizione ${position} di ${total}`}
          >
            {direction === "up" ? "Sposta su" : "Sposta giù"}
          </button>
        </mover.Form>
      ))}
    </>
  );
}

export function VisitTypesSection({
  types,
  studios,
  result,
}: {
  types: VisitTypeValues[];
  studios: { key: string; name: string }[];
  result?: SettingsResult;
}) {
  return (
    <section className="admin-section" aria-labelledby="tipi-titolo">
      <h2 id="tipi-titolo" className="admin-section__title">
        Tipi di visita
      </h2>
      {types.length === 0 ? <p className="admin-empty">Nessun tipo di visita: aggiungine uno qui sotto.</p> : null}
      <ol className="booking-admin-list">
        {types.map((type, index) => (
          <li key={type.id} id={`riga-${type.id}`} className={type.active ? undefined : "booking-admin-list__inactive"}>
            <p>
              <strong>{type.name}</strong> · {type.summary}
            </p>
            <div className="booking-admin-actions">
              <MoveButtons id={type.id} name={type.name} position={index + 1} total={types.length} />
              <details className="agenda-move" open={result?.target === type.id && !result.ok ? true : undefined}>
                <summary className="admin-action">Modifica</summary>
                <VisitTypeForm type={type} studios={studios} result={result} />
              </details>
              <RemoveButton
                id={type.id}
                intent="type-delete"
                label="Elimina"
                name={type.name}
                question={`Eliminare «${type.name}»? Se ha già degli appuntamenti non si può: toglilo dalle prenotazioni.`}
              />
            </div>
          </li>
        ))}
      </ol>
      <h3>Nuovo tipo di visita</h3>
      <VisitTypeForm studios={studios} result={result} />
    </section>
  );
}
