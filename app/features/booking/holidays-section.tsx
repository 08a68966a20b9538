/**
 * The settings screen's holidays (decision 54): the next 12 months' holidays, each
 * closed unless she reopens it, and each studio's patron saint, closed every year at that studio.
 */
import { useFetcher } from "react-router";
import { bookingLimits } from "./booking-values";
import { useActionResult } from "~/core/forms/action-result";
import { SelectField, TextField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { MONTHS } from "~/core/format/italian-format";
import type { HolidayRow, PatronRow } from "./holidays-admin.server";
import { answerFor, RemoveButton, SETTINGS_PAGE, type SettingsResult } from "./settings-common";
import { patronSchema } from "./settings-schema";

const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
const MONTH_OPTIONS = MONTHS.map((month, i) => ({ value: String(i + 1), label: month }));

export function HolidaysSection({
  holidays,
  patrons,
  studios,
  result,
}: {
  holidays: HolidayRow[];
  patrons: PatronRow[];
  studios: { key: string; name: string }[];
  result?: SettingsResult;
}) {
  return (
    <section className="admin-section" aria-labelledby="festivita-titolo">
      <h2 id="festivita-titolo" className="admin-section__title">
        Festività
      </h2>
      <p className="admin-section__lead">
        Nelle festività nazionali e nel giorno del santo patrono di uno studio non si può prenotare. Se lavori quel
        giorno, riaprilo: vale solo per quell'anno.
      </p>
      <ul className="holiday-list" aria-label="Festività dei prossimi 12 mesi">
        {holidays.map((holiday) => (
          <li
            key={holiday.date}
            id={`festa-${holiday.date}`}
            className={holiday.reopened ? "holiday-list__reopened" : undefined}
          >
            <div>
              <p>
                <strong>{holiday.names}</strong>
              </p>
              <p className="holiday-list__when">
                {holiday.label}: {holiday.reopened ? "aperto, si può prenotare" : "chiuso"}
              </p>
            </div>
            <HolidayButton holiday={holiday} />
          </li>
        ))}
      </ul>
      <h3 id="patroni-titolo" className="holiday-patrons-title">
        Santi patroni degli studi
      </h3>
      {patrons.length === 0 ? (
        <p className="admin-empty">Nessun santo patrono: aggiungi quello della città di ogni studio.</p>
      ) : (
        <ul className="booking-admin-list" aria-labelledby="patroni-titolo">
          {patrons.map((patron) => (
            <li key={patron.id} id={`riga-${patron.id}`}>
              <p>
                <strong>{patron.text}</strong> ({patron.studioName})
              </p>
              <div className="booking-admin-actions">
                <RemoveButton
                  id={patron.id}
                  intent="patron-remove"
                  label="Rimuovi"
                  name={`${patron.text}, ${patron.studioName}`}
                  question={`Togliere «${patron.text}» (${patron.studioName})? Quel giorno si potrà prenotare.`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PatronForm studios={studios} result={result} />
    </section>
  );
}

/** "Riapri" or "Chiudi di nuovo": a form that posts, without JavaScript too. */
function HolidayButton({ holiday }: { holiday: HolidayRow }) {
  const fetcher = useFetcher<SettingsResult>();
  useActionResult(fetcher.data);
  const label = holiday.reopened ? "Chiudi di nuovo" : "Riapri";
  return (
    <fetcher.Form method="post" action={SETTINGS_PAGE}>
      <input type="hidden" name="intent" value={holiday.reopened ? "holiday-close" : "holiday-reopen"} />
      <input type="hidden" name="date" value={holiday.date} />
      <button
        type="submit"
        className="admin-action"
        disabled={fetcher.state !== "idle"}
        aria-label={`${label}: ${holiday.names}, ${holiday.label}`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

function PatronForm({ studios, result }: { studios: { key: string; name: string }[]; result?: SettingsResult }) {
  const adder = useFetcher<SettingsResult>();
  const answer = answerFor(adder.data, result, "patron");
  const { form, fields, formProps } = useSchemaForm(patronSchema, {
    id: "santo-patrono",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: { studioKey: studios[0]?.key },
  });
  useActionResult(adder.data, (done) => done.ok && form.reset());
  if (!studios.length) return null;
  return (
    <adder.Form method="post" action={SETTINGS_PAGE} className="admin-form" {...formProps}>
      <input type="hidden" name="intent" value="patron-add" />
      <SelectField
        meta={fields.studioKey}
        label="Studio"
        options={studios.map((studio) => ({ value: studio.key, label: studio.name }))}
      />
      <div className="agenda-when">
        <SelectField meta={fields.day} label="Giorno" options={DAY_OPTIONS} placeholder="Scegli…" />
        <SelectField meta={fields.month} label="Mese" options={MONTH_OPTIONS} placeholder="Scegli…" />
      </div>
      <TextField
        meta={fields.name}
        label="Santo patrono"
        hint="Per esempio Sant'Ambrogio."
        maxLength={bookingLimits.patronName.max}
      />
      <div className="admin-form__buttons">
        <button type="submit" className="button" disabled={adder.state !== "idle"}>
          Aggiungi il santo patrono
        </button>
      </div>
    </adder.Form>
  );
}
