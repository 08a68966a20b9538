/** The settings screen's first form: how patients book, and the rules of the free times. */
import { useMemo } from "react";
import { useFetcher } from "react-router";
import type { BookingMode } from "./booking-values";
import { useActionResult } from "~/core/forms/action-result";
import { CheckboxField, SelectField, TextField } from "~/core/forms/conform-fields";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { answerFor, SETTINGS_PAGE, type SettingsResult } from "./settings-common";
import { settingsSchema } from "./settings-schema";

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
  waitingListExpiryDays: number;
  waitingListLinkHours: number;
  requestAnswerHours: number;
}

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
          meta={fields.requestAnswerHours}
          {...number}
          label="Rispondi alle richieste entro (ore)"
          hint="Per le visite che confermi tu: il paziente lo legge prima di inviare la richiesta."
        />
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
        <TextField
          meta={fields.waitingListExpiryDays}
          {...number}
          label="Lista d'attesa: conserva le iscrizioni per (giorni)"
          hint="Poi vengono cancellate in automatico."
        />
        <TextField
          meta={fields.waitingListLinkHours}
          {...number}
          label="Lista d'attesa: il link di un orario liberato vale (ore)"
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
