import { Link } from "react-router";
import { dayHoursText, dayNames } from "../hours";
import { type DayHours, weekdays } from "../site-content";

/**
 * The weeks just saved, day by day (its hours, or "Chiuso"), before the setup moves on: a copy or
 * a preset that changed a day she did not look at shows here. Two links, so it needs no script:
 * on to the next step, or back to the hours.
 */
export function WeekCheck({
  places,
  next,
  back,
}: {
  places: readonly { name: string; hours: readonly DayHours[] }[];
  next: string;
  back: string;
}) {
  return (
    <section className="content-section week-check" aria-labelledby="settimana-titolo">
      <h2 id="settimana-titolo" className="admin-section__title">
        Controlla la settimana
      </h2>
      <p className="admin-section__lead">
        Ecco gli orari salvati, giorno per giorno: il sito mostra questi e le prenotazioni offrono solo questi.
      </p>
      <div className="week-check__places">
        {places.map((place) => (
          <table key={place.name} className="week-check__week">
            <caption>{place.name}</caption>
            <tbody>
              {weekdays.map((day) => {
                const ranges = place.hours.find((h) => h.day === day)?.ranges ?? [];
                return (
                  <tr key={day} className={ranges.length ? undefined : "week-check__closed"}>
                    <th scope="row">{dayNames[day]}</th>
                    <td>{dayHoursText(ranges)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        ))}
      </div>
      <div className="week-check__actions">
        <Link className="button" to={next}>
          Sì, è giusta: continua
        </Link>
        <Link className="button button--secondary" to={back}>
          Correggi gli orari
        </Link>
      </div>
    </section>
  );
}
