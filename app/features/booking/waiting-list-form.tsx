/** The waiting list's page: the form, and what happens next once sent. */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { placeParam } from "./place-param";
import { type DayPart, dayParts } from "./waiting-list-values";
import { ErrorList, Field } from "~/core/forms/field";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { NameAndEmailFields } from "./booking-steps";
import type { WaitingListField } from "./waiting-list-schema";

/** ISO weekday (Monday 1) and its name. */
export const WEEKDAY_NAMES = [
  [1, "lunedì"],
  [2, "martedì"],
  [3, "mercoledì"],
  [4, "giovedì"],
  [5, "venerdì"],
  [6, "sabato"],
  [7, "domenica"],
] as const;

export const DAY_PART_LABELS: Record<DayPart, string> = {
  mattina: "Mattina (prima delle 13)",
  pomeriggio: "Pomeriggio (dalle 13 alle 18)",
  sera: "Sera (dalle 18)",
};

/** The fields she typed or ticked, to show again after a refusal. */
export type WaitingListValues = {
  name: string;
  email: string;
  giorni: string[];
  fasce: string[];
  consent: boolean;
};

/** The form's fields empty: the shape of the values a refused form shows again (core/forms typedValues). */
export const EMPTY_WAITING_LIST_VALUES: WaitingListValues = {
  name: "",
  email: "",
  giorni: [],
  fasce: [],
  consent: false,
};

/** The waiting list's schema, the server's own: fetched when she reaches the form, zod with it. */
const loadWaitingListSchema = () => import("./waiting-list-schema").then((module) => module.waitingListSchema);

function Checkboxes({
  id,
  legend,
  name,
  options,
  checked,
  errors,
}: {
  id: string;
  legend: string;
  name: string;
  options: readonly (readonly [string | number, string])[];
  checked: readonly string[];
  errors?: string[] | null;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className="waiting-choices" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      {options.map(([value, label]) => (
        <div key={value} className="field field--check">
          <input
            id={`${id}-${value}`}
            type="checkbox"
            name={name}
            value={String(value)}
            defaultChecked={checked.includes(String(value))}
          />
          <label className="field__label" htmlFor={`${id}-${value}`}>
            {label}
          </label>
        </div>
      ))}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

export function WaitingListForm({
  place,
  type,
  values,
  reply,
  message,
}: {
  place: { key: string; slug?: string; name: string };
  type: { id: string; name: string };
  values?: WaitingListValues;
  /** The server's answer to a refused form: the message of each field at fault. */
  reply?: SubmissionResult<string[]>;
  message?: string;
}) {
  // The server's schema, checked in the browser when she sends (fetched when she reaches the form).
  const { form, fields, formProps, check } = useSchemaForm(loadWaitingListSchema, {
    id: "lista-attesa-modulo",
    lastResult: reply,
    checkOn: "submit",
  });
  const errorOf = (field: WaitingListField) => fields[field].errors;
  return (
    <section className="booking-step" aria-labelledby="lista-attesa">
      <h2 id="lista-attesa" className="booking-step__title">
        Mettiti in lista d'attesa
      </h2>
      <p>
        Quando si libera un orario nei giorni e nelle fasce che scegli, ti mandiamo un'e-mail con un link per
        prenotarlo. L'orario va a chi prenota per primo.
      </p>
      <dl className="booking-chosen">
        <div>
          <dt>Dove</dt>
          <dd>{place.name}</dd>
        </div>
        <div>
          <dt>Visita</dt>
          <dd>{type.name}</dd>
        </div>
      </dl>
      <p>
        <Link to={`/prenota?${new URLSearchParams({ sede: placeParam(place), visita: type.id })}`}>
          Torna agli orari liberi
        </Link>
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
        <input type="hidden" name="sede" value={placeParam(place)} />
        <input type="hidden" name="visita" value={type.id} />
        <NameAndEmailFields
          idPrefix="waiting"
          values={values}
          errorOf={errorOf}
          emailHint="Qui ricevi il link quando si libera un orario."
        />
        <Checkboxes
          id="waiting-days"
          legend="Giorni che ti vanno bene"
          name="giorni"
          options={WEEKDAY_NAMES}
          checked={values?.giorni ?? []}
          errors={errorOf("giorni")}
        />
        <Checkboxes
          id="waiting-parts"
          legend="Fasce della giornata"
          name="fasce"
          options={dayParts.map((part) => [part, DAY_PART_LABELS[part]] as const)}
          checked={values?.fasce ?? []}
          errors={errorOf("fasce")}
        />
        <Field
          id="waiting-consent"
          check
          label="Ho letto l'informativa privacy e acconsento al trattamento dei dati per la lista d'attesa."
          hint={<Link to="/privacy#lista-attesa">Informativa privacy</Link>}
          errors={errorOf("consent")}
        >
          {(control) => <input {...control} name="consent" type="checkbox" required defaultChecked={values?.consent} />}
        </Field>
        <button type="submit" className="button review-form__submit">
          Mettiti in lista d'attesa
        </button>
      </Form>
    </section>
  );
}

/** What happens next, once she is on the list. */
export function WaitingListJoined({ expiryDays, linkHours }: { expiryDays: number; linkHours: number }) {
  return (
    <section className="booking-step" aria-labelledby="lista-attesa">
      <h2 id="lista-attesa" className="booking-step__title">
        Sei in lista d'attesa
      </h2>
      <ol className="waiting-next">
        <li>Quando si libera un orario nei giorni e nelle fasce che hai scelto, ti mandiamo un'e-mail.</li>
        <li>
          Il link dell'e-mail apre la prenotazione con il tuo nome e la tua e-mail già scritti e vale {linkHours}{" "}
          {linkHours === 1 ? "ora" : "ore"}.
        </li>
        <li>L'orario va a chi prenota per primo: se lo prende un'altra persona, resti in lista.</li>
        <li>
          Se non si libera nulla, la tua iscrizione viene cancellata dopo {expiryDays} giorni. Quando prenoti la visita,
          esci dalla lista.
        </li>
      </ol>
      <p>
        <Link to="/prenota">Torna alla prenotazione</Link>
      </p>
    </section>
  );
}
