import { useEffect, useId, useMemo, useRef } from "react";
import { useFetcher, useSearchParams } from "react-router";
import type { BookingMode } from "~/core/db/booking-values";
import { bookingLimits } from "~/core/db/booking-values";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import { CheckboxField, SelectField, TextField } from "~/core/forms/conform-fields";
import { ErrorList, Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { ConfirmButton, NoScriptConfirm } from "~/ui/admin/confirm-button";
import { settingsSchema, timeOffSchema, visitTypeSchema } from "./settings-schema";

export const SETTINGS_PAGE = "/admin/prenotazioni";

export type SettingsResult = ActionResult & { target?: string };

const MODE_OPTIONS: { value: BookingMode; label: string }[] = [
  { value: "site", label: "Prenotazione dal sito" },
  { value: "external", label: "Profilo su una piattaforma esterna" },
  { value: "phone", label: "Telefono o WhatsApp" },
  { value: "none", label: "Nessun pulsante di prenotazione" },
];

export interface SettingsValues {
  mode: BookingMode;
  bufferMinutes: number;
  minimumNoticeHours: number;
  horizonDays: number;
  cancellationLimitHours: number;
  reminderTime: string;
  retentionMonths: number;
  reviewInviteNextDay: boolean;
}

/** The answer for the form named `target`: from its own fetcher, or the page's (without JavaScript). */
const answerFor = (own: SettingsResult | undefined, page: SettingsResult | undefined, target: string) =>
  own ?? (page?.target === target ? page : undefined);

export function SettingsForm({ values, result }: { values: SettingsValues; result?: SettingsResult }) {
  const saver = useFetcher<SettingsResult>();
  useActionResult(saver.data);
  const answer = answerFor(saver.data, result, "settings");
  const { fields, formProps } = useSchemaForm(settingsSchema, {
    id: "impostazioni-prenotazioni",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    // One object while the values stay: a new one each render would reset the form's state.
    defaultValue: useMemo(
      () => ({ ...values, reviewInviteNextDay: values.reviewInviteNextDay ? "on" : undefined }),
      [values],
    ),
  });
  const number = { type: "number" as const, inputMode: "numeric" as const };
  return (
    <section className="admin-section" aria-labelledby="impostazioni-titolo">
      <h2 id="impostazioni-titolo" className="admin-section__title">
        Come si prenota
      </h2>
      <saver.Form method="post" action={SETTINGS_PAGE} className="admin-form" {...formProps}>
        <input type="hidden" name="intent" value="settings" />
        <SelectField
          meta={fields.mode}
          label="Pulsanti «Prenota»"
          options={MODE_OPTIONS}
          hint="Con «Prenotazione dal sito» la pagina /prenota è attiva; con le altre scelte dice che la prenotazione dal sito non è attiva."
        />
        <TextField meta={fields.bufferMinutes} {...number} label="Tempo libero dopo ogni visita (minuti)" />
        <TextField meta={fields.minimumNoticeHours} {...number} label="Preavviso minimo (ore)" />
        <TextField meta={fields.horizonDays} {...number} label="Prenotabile fino a (giorni da oggi)" />
        <TextField
          meta={fields.cancellationLimitHours}
          {...number}
          label="Il paziente può annullare o spostare fino a (ore prima)"
        />
        <TextField meta={fields.reminderTime} type="time" label="Promemoria il giorno prima, alle" />
        <TextField
          meta={fields.retentionMonths}
          {...number}
          label="Conserva gli appuntamenti passati per (mesi)"
          hint="Poi vengono cancellati in automatico."
        />
        <CheckboxField
          meta={fields.reviewInviteNextDay}
          label="Invia l'invito a lasciare una recensione il giorno dopo la visita"
          hint="Al paziente di ogni visita che si è svolta, una volta sola, dalle 10 del giorno dopo; mai per le visite annullate o segnate «non si è presentato»."
        />
        <div className="admin-form__buttons">
          <button type="submit" className="button" disabled={saver.state !== "idle"}>
            Salva le impostazioni
          </button>
        </div>
      </saver.Form>
    </section>
  );
}

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

/** A removal behind a question, without JavaScript too (the question shown in the page). */
function RemoveButton({
  id,
  intent,
  label,
  name,
  question,
}: {
  id: string;
  intent: "type-delete" | "timeoff-remove";
  label: string;
  name: string;
  question: string;
}) {
  const remover = useFetcher<SettingsResult>();
  useActionResult(remover.data);
  const [searchParams] = useSearchParams();
  const fields = { intent, id };
  return (
    <>
      <ConfirmButton
        label={label}
        accessibleLabel={`${label}: ${name}`}
        question={question}
        confirmLabel={label}
        noScriptHref={`${SETTINGS_PAGE}?conferma=${id}#riga-${id}`}
        disabled={remover.state !== "idle"}
        onConfirm={() => remover.submit(fields, { method: "post", action: SETTINGS_PAGE })}
      />
      {searchParams.get("conferma") === id ? (
        <NoScriptConfirm
          action={SETTINGS_PAGE}
          question={question}
          confirmLabel={label}
          fields={fields}
          cancelHref={`${SETTINGS_PAGE}#riga-${id}`}
        />
      ) : null}
    </>
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

export interface TimeOffView {
  id: string;
  text: string;
}

export function TimeOffSection({ days, result }: { days: TimeOffView[]; result?: SettingsResult }) {
  const adder = useFetcher<SettingsResult>();
  const answer = answerFor(adder.data, result, "timeoff");
  const { form, fields, formProps } = useSchemaForm(timeOffSchema, {
    id: "giorni-chiusura",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
  });
  useActionResult(adder.data, (done) => done.ok && form.reset());
  return (
    <section className="admin-section" aria-labelledby="chiusure-titolo">
      <h2 id="chiusure-titolo" className="admin-section__title">
        Giorni di chiusura
      </h2>
      <p className="admin-section__lead">Ferie, congressi, festività: in questi giorni non si può prenotare.</p>
      {days.length === 0 ? (
        <p className="admin-empty">Nessun giorno di chiusura in programma.</p>
      ) : (
        <ul className="booking-admin-list">
          {days.map((day) => (
            <li key={day.id} id={`riga-${day.id}`}>
              <p>{day.text}</p>
              <div className="booking-admin-actions">
                <RemoveButton
                  id={day.id}
                  intent="timeoff-remove"
                  label="Rimuovi"
                  name={day.text}
                  question={`Togliere «${day.text}»? In quei giorni si potrà di nuovo prenotare.`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <adder.Form method="post" action={SETTINGS_PAGE} className="admin-form" {...formProps}>
        <input type="hidden" name="intent" value="timeoff-add" />
        <div className="agenda-when">
          <TextField meta={fields.startsOn} type="date" label="Dal" />
          <TextField meta={fields.endsOn} type="date" label="Al" optional hint="Vuoto per un giorno solo." />
        </div>
        <TextField meta={fields.label} label="Descrizione" optional maxLength={bookingLimits.timeOffLabel.max} />
        <div className="admin-form__buttons">
          <button type="submit" className="button" disabled={adder.state !== "idle"}>
            Aggiungi i giorni di chiusura
          </button>
        </div>
      </adder.Form>
    </section>
  );
}
