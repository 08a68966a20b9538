/**
 * The settings screen's other calendars (decision 53): each one with when it was last read and why
 * the last read failed, read now or removed; and the form to add one.
 */
import { useId, useMemo } from "react";
import { useFetcher } from "react-router";
import { calendarSourceLimits } from "./calendar-source-values";
import { useActionResult } from "~/core/forms/action-result";
import { CheckboxField, TextField } from "~/core/forms/conform-fields";
import { ErrorList, Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { calendarSourceSchemas } from "./calendar-sources-schema";
import { answerFor, RemoveButton, SETTINGS_PAGE, type SettingsResult } from "./settings-common";

export const CALENDAR_SOURCES_TARGET = "sources";

/** One calendar as the screen lists it (calendar-sources-admin.server.ts builds it). */
export interface CalendarSourceView {
  id: string;
  name: string;
  /** "calendar.google.com/…": never the whole address, a secret. */
  address: string;
  /** Where it takes times away: "Tutti gli studi e le visite online". */
  blocks: string;
  /** "Letto alle 14:32 di oggi", or "Non ancora letto". */
  lastRead: string;
  /** Why the last read failed, when it did: "Ultima lettura non riuscita (alle 14:42 di oggi): …". */
  failure: string | null;
}

/** "Aggiorna ora": a form that posts, so without JavaScript the page's own load is the progress. */
function RefreshButton({ source }: { source: CalendarSourceView }) {
  const reader = useFetcher<SettingsResult>();
  useActionResult(reader.data);
  const busy = reader.state !== "idle";
  return (
    <reader.Form method="post" action={SETTINGS_PAGE}>
      <input type="hidden" name="intent" value="source-refresh" />
      <input type="hidden" name="id" value={source.id} />
      <button type="submit" className="admin-action" disabled={busy} aria-label={`Aggiorna ora: ${source.name}`}>
        {busy ? "Lettura in corso…" : "Aggiorna ora"}
      </button>
    </reader.Form>
  );
}

function AddCalendarForm({
  studios,
  allowHttp,
  result,
}: {
  studios: { key: string; name: string }[];
  allowHttp: boolean;
  result?: SettingsResult;
}) {
  const adder = useFetcher<SettingsResult>();
  const answer = answerFor(adder.data, result, CALENDAR_SOURCES_TARGET);
  const schema = useMemo(() => calendarSourceSchemas(allowHttp).add, [allowHttp]);
  const { form, fields, formProps } = useSchemaForm(schema, {
    id: "altri-calendari",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: useMemo(() => ({ studioKeys: studios.map((studio) => studio.key), blocksOnline: "on" }), [studios]),
  });
  useActionResult(adder.data, (done) => done.ok && form.reset());
  const groupId = useId();
  return (
    <adder.Form method="post" action={SETTINGS_PAGE} className="admin-form" {...formProps}>
      <input type="hidden" name="intent" value="source-add" />
      <TextField
        meta={fields.name}
        label="Nome"
        maxLength={calendarSourceLimits.name.max}
        hint="Per esempio «Personale»."
      />
      <TextField
        meta={fields.url}
        type="url"
        inputMode="url"
        label="Indirizzo del calendario"
        maxLength={calendarSourceLimits.url.max}
        hint="Google Calendar: Impostazioni del calendario → «Indirizzo segreto in formato iCal». Outlook: Calendario condiviso → «Pubblica» → link ICS. iCloud: calendario pubblico → copia il link (webcal://)."
      />
      <fieldset
        className="booking-admin-places"
        aria-describedby={fields.studioKeys.errors ? `${groupId}-error` : undefined}
      >
        <legend className="field__label">Dove toglie gli orari</legend>
        {studios.map((studio) => (
          <Field key={studio.key} id={`${fields.studioKeys.id}-${studio.key}`} label={studio.name} check>
            {(control) => (
              <input
                {...control}
                type="checkbox"
                name={fields.studioKeys.name}
                form={form.id}
                value={studio.key}
                defaultChecked
              />
            )}
          </Field>
        ))}
        <CheckboxField meta={fields.blocksOnline} label="Visite online" />
        <ErrorList id={`${groupId}-error`} errors={fields.studioKeys.errors} />
      </fieldset>
      {answer && !answer.ok && !answer.reply ? (
        <p className="field__error" role="alert">
          {answer.message}
        </p>
      ) : null}
      <div className="admin-form__buttons">
        <button type="submit" className="button" disabled={adder.state !== "idle"}>
          {adder.state !== "idle" ? "Lettura in corso…" : "Aggiungi il calendario"}
        </button>
      </div>
    </adder.Form>
  );
}

export function CalendarSourcesSection({
  sources,
  studios,
  allowHttp,
  result,
}: {
  sources: CalendarSourceView[];
  studios: { key: string; name: string }[];
  allowHttp: boolean;
  result?: SettingsResult;
}) {
  return (
    <section className="admin-section" aria-labelledby="altri-calendari-titolo">
      <h2 id="altri-calendari-titolo" className="admin-section__title">
        I tuoi altri calendari
      </h2>
      <p className="admin-section__lead">
        Gli impegni dei calendari che aggiungi qui (Google, Outlook, iCloud…) tolgono quegli orari dalle prenotazioni.
        Il sito li legge ogni 10 minuti e conserva solo gli orari occupati, mai titoli, luoghi o partecipanti.
      </p>
      {sources.length === 0 ? (
        <p className="admin-empty">Nessun altro calendario aggiunto.</p>
      ) : (
        <ul className="booking-admin-list">
          {sources.map((source) => (
            <li key={source.id} id={`riga-${source.id}`}>
              <p>
                <strong>{source.name}</strong> <span className="calendar-source__address">{source.address}</span>
              </p>
              <p>{source.blocks}</p>
              <p>{source.lastRead}</p>
              {source.failure ? <p className="admin-form__error">{source.failure}</p> : null}
              <div className="booking-admin-actions">
                <RefreshButton source={source} />
                <RemoveButton
                  id={source.id}
                  intent="source-remove"
                  label="Rimuovi"
                  name={source.name}
                  question={`Togliere il calendario «${source.name}»? I suoi impegni non tolgono più orari dalle prenotazioni.`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {sources.length >= calendarSourceLimits.count.max ? (
        <p className="admin-section__lead">
          Hai aggiunto {calendarSourceLimits.count.max} calendari, il massimo: togline uno per aggiungerne un altro.
        </p>
      ) : (
        <AddCalendarForm studios={studios} allowHttp={allowHttp} result={result} />
      )}
    </section>
  );
}
