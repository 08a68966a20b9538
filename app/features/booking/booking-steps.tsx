import type { SubmissionResult } from "@conform-to/react";
import { countOf } from "~/core/format/plural";
import type { ReactNode } from "react";
import { placeParam } from "./place-param";
import { Form, Link } from "react-router";
import { bookingLimits } from "./booking-values";
import { Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import type { BookingStep, DayOption, VisitOption } from "./booking-page.server";
import type { BookingField, BookingFormValues } from "./booking-schema";
import type { FreeTime } from "./availability";
import { calendarMonths } from "./booking-calendar";

// The booking page's three steps, each a plain GET (links) until the last, a POST: all of it works
// without JavaScript, its state in the address (sede, visita, giorno, ora), and `da` when a link
// opened it with her details filled (kept from step to step: the details are read on the server).

/** What every step's links keep: the signed reference to the details to fill (`da`), when valid. */
export type StepCarry = { da?: string };

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  return `?${search.toString()}`;
};

function StepHeading({ number, children }: { number: 1 | 2 | 3; children: ReactNode }) {
  return (
    <h2 className="booking-step__title">
      <span className="booking-step__number">Passo {number} di 3</span> {children}
    </h2>
  );
}

const duration = (type: VisitOption) => `${type.durationMinutes} minuti${type.price ? ` · ${type.price}` : ""}`;

/** Step 1: the place and the type of visit, as links. */
export function PlaceAndTypeStep({ step, carry = {} }: { step: Extract<BookingStep, { step: 1 }>; carry?: StepCarry }) {
  return (
    <section className="booking-step" aria-labelledby="passo-1">
      <div id="passo-1">
        <StepHeading number={1}>Dove e quale visita</StepHeading>
      </div>
      {step.choices.length === 0 ? (
        <p className="booking-empty">Al momento non ci sono visite prenotabili online.</p>
      ) : (
        <ul className="booking-places">
          {step.choices.map(({ place, types }) => (
            <li key={place.key} className="booking-place">
              <h3 className="booking-place__name">{place.name}</h3>
              {place.address ? <p className="booking-place__address">{place.address}</p> : null}
              <ul className="booking-options">
                {types.map((type) => (
                  <li key={type.id}>
                    <Link className="booking-option" to={query({ sede: placeParam(place), visita: type.id, ...carry })}>
                      <span className="booking-option__name">{type.name}</span>
                      <span className="booking-option__meta">{duration(type)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Chosen({ step, day }: { step: Extract<BookingStep, { step: 2 | 3 }>; day?: string }) {
  return (
    <dl className="booking-chosen">
      <div>
        <dt>Dove</dt>
        <dd>{step.place.name}</dd>
      </div>
      <div>
        <dt>Visita</dt>
        <dd>
          {step.type.name} ({duration(step.type)})
        </dd>
      </div>
      {day ? (
        <div>
          <dt>Quando</dt>
          <dd>{day}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** The free times of one day, as links to `href(time)`. */
export function TimeList({
  times,
  href,
  label,
}: {
  times: FreeTime[];
  href: (time: FreeTime) => string;
  label: string;
}) {
  return (
    <ul className="booking-times" aria-label={label}>
      {times.map((time) => (
        <li key={time.startsAt}>
          <Link className="booking-time" to={href(time)}>
            {time.time}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const WEEKDAYS = [
  ["lun", "lunedì"],
  ["mar", "martedì"],
  ["mer", "mercoledì"],
  ["gio", "giovedì"],
  ["ven", "venerdì"],
  ["sab", "sabato"],
  ["dom", "domenica"],
] as const;

const timesCount = (count: number) => countOf(count, ["orario", "orari"]);

/**
 * The days with free times as month calendars: each free day a link to `href(day)` (the chosen one
 * marked), the others plain. Links, so it works without JavaScript; with it, the page follows the
 * bookings live and a day gone is no longer a link.
 */
export function DayCalendar({
  days,
  chosen,
  href,
}: {
  days: DayOption[];
  chosen?: string;
  href: (day: DayOption) => string;
}) {
  if (!days.length)
    return <p className="booking-empty">Non ci sono orari liberi nei prossimi giorni: chiama lo studio.</p>;
  return (
    <div className="booking-calendar" role="group" aria-label="Giorni con orari liberi">
      {calendarMonths(days).map((month) => (
        <table key={month.month} className="booking-month">
          <caption>{month.label}</caption>
          <thead>
            <tr>
              {WEEKDAYS.map(([short, long]) => (
                <th key={short} scope="col" abbr={long}>
                  {short}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week) => (
              <tr key={week.find(Boolean)?.date}>
                {week.map((cell, index) =>
                  !cell ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell's place in its week is its identity
                    <td key={index} />
                  ) : (
                    <td key={cell.date}>
                      {cell.free ? (
                        <Link
                          className="booking-date"
                          to={href(cell.free)}
                          aria-label={`${cell.free.label}, ${timesCount(cell.free.count)}`}
                          aria-current={cell.date === chosen ? "date" : undefined}
                        >
                          {cell.number}
                        </Link>
                      ) : (
                        <span className="booking-date booking-date--none">{cell.number}</span>
                      )}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}

/** Step 2: a day, then one of its free times. */
export function DayAndTimeStep({
  step,
  notice,
  carry = {},
}: {
  step: Extract<BookingStep, { step: 2 }>;
  notice?: string | null;
  carry?: StepCarry;
}) {
  const base = { sede: placeParam(step.place), visita: step.type.id, ...carry };
  const message = notice ?? step.notice;
  return (
    <section className="booking-step" aria-labelledby="passo-2">
      <div id="passo-2">
        <StepHeading number={2}>Giorno e orario</StepHeading>
      </div>
      <Chosen step={step} />
      <p>
        <Link to={carry.da ? `/prenota${query(carry)}` : "/prenota"}>Cambia sede o visita</Link>
      </p>
      {message ? (
        <p className="booking-notice" role="alert">
          {message}
        </p>
      ) : null}
      {step.day ? (
        <div className="booking-day-times">
          <h3>Orari liberi di {step.day.label}</h3>
          <TimeList
            times={step.day.times}
            label={`Orari liberi di ${step.day.label}`}
            href={(time) => query({ ...base, giorno: step.day?.date, ora: time.startsAt })}
          />
        </div>
      ) : null}
      <h3>{step.day ? "Altri giorni" : "Scegli un giorno"}</h3>
      <DayCalendar
        days={step.days}
        chosen={step.day?.date}
        href={(day) => `${query({ ...base, giorno: day.date })}#passo-2`}
      />
      <p className="booking-waiting-link">
        Nessun orario ti va bene?{" "}
        <Link to={`/prenota/lista-attesa${query({ sede: placeParam(step.place), visita: step.type.id })}`}>
          Mettiti in lista d'attesa
        </Link>
      </p>
    </section>
  );
}

/**
 * Said before the button of a type she confirms herself: within the hours she set, and before the
 * visit in any case (a request waits for her answer until its time).
 */
export function requestNote(answerHours: number): string {
  const within = answerHours === 1 ? "un'ora" : countOf(answerHours, ["ora", "ore"]);
  return `Richiesta: la dottoressa ti conferma l'orario per e-mail entro ${within}, e comunque prima della visita; fino ad allora l'orario resta riservato a te.`;
}

/** Her name and e-mail, as the booking and the waiting list ask them (the same limits, the same autocomplete). */
export function NameAndEmailFields({
  idPrefix,
  values,
  errorOf,
  emailHint,
}: {
  idPrefix: string;
  values?: { name: string; email: string };
  errorOf: (field: "name" | "email") => string[] | undefined;
  emailHint: string;
}) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Nome e cognome" errors={errorOf("name")}>
        {(control) => (
          <input
            {...control}
            name="name"
            type="text"
            autoComplete="name"
            required
            maxLength={bookingLimits.patientName.max}
            defaultValue={values?.name}
          />
        )}
      </Field>
      <Field id={`${idPrefix}-email`} label="E-mail" hint={emailHint} errors={errorOf("email")}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={bookingLimits.patientEmail.max}
            defaultValue={values?.email}
          />
        )}
      </Field>
    </>
  );
}

/** The booking form's schema, the server's own: fetched when she reaches the form, zod with it. */
const loadBookingSchema = () => import("./booking-schema").then((module) => module.bookingSchema);

/** Step 3: her details, and the POST. */
export function DetailsStep({
  step,
  values,
  reply,
  message,
  noteHint,
  requestAnswerHours,
  carry = {},
}: {
  step: Extract<BookingStep, { step: 3 }>;
  /** Her setting: within how many hours she answers a request. */
  requestAnswerHours: number;
  carry?: StepCarry;
  values?: BookingFormValues;
  /** The server's answer to a refused form: the message of each field at fault. */
  reply?: SubmissionResult<string[]>;
  message?: string;
  /** The contact form's "no health data here". */
  noteHint: string;
}) {
  // The server's schema, checked in the browser when she sends (fetched when she reaches the form).
  const { form, fields, formProps, check } = useSchemaForm(loadBookingSchema, {
    id: "prenotazione",
    lastResult: reply,
    checkOn: "submit",
  });
  const errorOf = (field: BookingField) => fields[field].errors;
  const back = query({ sede: placeParam(step.place), visita: step.type.id, giorno: step.day.date, ...carry });
  return (
    <section className="booking-step" aria-labelledby="passo-3">
      <div id="passo-3">
        <StepHeading number={3}>I tuoi dati</StepHeading>
      </div>
      <Chosen step={step} day={`${step.day.label}, ore ${step.time.time}`} />
      <p>
        <Link to={back}>Cambia giorno o orario</Link>
      </p>
      <Form
        method="post"
        className="booking-form"
        id={form.id}
        noValidate
        {...check.triggers}
        onSubmit={formProps.onSubmit}
      >
        <p className="review-form__status review-form__status--error" role="alert" hidden={!message}>
          {message}
        </p>
        <input type="hidden" name="sede" value={placeParam(step.place)} />
        <input type="hidden" name="visita" value={step.type.id} />
        <input type="hidden" name="ora" value={step.time.startsAt} />
        <NameAndEmailFields
          idPrefix="booking"
          values={values}
          errorOf={errorOf}
          emailHint="Qui ricevi la conferma e i link per annullare o spostare."
        />
        <Field id="booking-phone" label="Telefono" errors={errorOf("phone")}>
          {(control) => (
            <input
              {...control}
              name="phone"
              type="tel"
              autoComplete="tel"
              required
              maxLength={bookingLimits.patientPhone.max}
              defaultValue={values?.phone}
            />
          )}
        </Field>
        <Field id="booking-note" label="Nota" optional hint={noteHint} hintFirst errors={errorOf("note")}>
          {(control) => (
            <textarea
              {...control}
              name="note"
              rows={3}
              maxLength={bookingLimits.note.max}
              defaultValue={values?.note}
            />
          )}
        </Field>
        <Field
          id="booking-consent"
          check
          label="Ho letto l'informativa privacy e acconsento al trattamento dei dati per la prenotazione."
          hint={<Link to="/privacy#prenotazioni">Informativa privacy</Link>}
          errors={errorOf("consent")}
        >
          {(control) => <input {...control} name="consent" type="checkbox" required defaultChecked={values?.consent} />}
        </Field>
        {step.type.onRequest ? <p className="booking-request-note">{requestNote(requestAnswerHours)}</p> : null}
        <button type="submit" className="button review-form__submit">
          {step.type.onRequest ? "Invia la richiesta" : "Prenota"}
        </button>
      </Form>
    </section>
  );
}
