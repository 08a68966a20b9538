/** The settings screen's time off: the days listed, each removable, and the form to add some. */
import { useFetcher } from "react-router";
import { bookingLimits } from "./booking-values";
import { useActionResult } from "~/core/forms/action-result";
import { TextField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { answerFor, RemoveButton, SETTINGS_PAGE, type SettingsResult } from "./settings-common";
import { timeOffSchema } from "./settings-schema";

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
