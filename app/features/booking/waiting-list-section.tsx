/** The settings screen's waiting list: who is waiting, for what, since when; each removable. */
import { RemoveButton } from "./settings-common";

export interface WaitingEntryView {
  id: string;
  name: string;
  email: string;
  /** "Prima visita, Studio di Milano" */
  what: string;
  /** "lunedì, mercoledì · mattina, sera" */
  preferences: string;
  since: string;
  /** "Link inviato, valido fino al …", when one is. */
  notified: string | null;
}

export function WaitingListSection({ entries, expiryDays }: { entries: WaitingEntryView[]; expiryDays: number }) {
  return (
    <section className="admin-section" aria-labelledby="lista-attesa-titolo" id="lista-attesa">
      <h2 id="lista-attesa-titolo" className="admin-section__title">
        Lista d'attesa
      </h2>
      <p className="admin-section__lead">
        Quando si libera un orario adatto, il sito scrive alle prime 3 persone in lista, dalla più vecchia: lo prende
        chi prenota per primo. Le iscrizioni si cancellano dopo {expiryDays} giorni o quando la persona prenota.
      </p>
      {entries.length === 0 ? (
        <p className="admin-empty">Nessuno in lista d'attesa.</p>
      ) : (
        <ul className="booking-admin-list">
          {entries.map((entry) => (
            <li key={entry.id} id={`riga-${entry.id}`}>
              <div>
                <p>
                  <strong>{entry.name}</strong> · <a href={`mailto:${entry.email}`}>{entry.email}</a>
                </p>
                <p>{entry.what}</p>
                <p>{entry.preferences}</p>
                <p>
                  In lista dal {entry.since}
                  {entry.notified ? ` · ${entry.notified}` : ""}
                </p>
              </div>
              <div className="booking-admin-actions">
                <RemoveButton
                  id={entry.id}
                  intent="waiting-remove"
                  label="Togli dalla lista"
                  name={entry.name}
                  question={`Togliere ${entry.name} dalla lista d'attesa?`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
