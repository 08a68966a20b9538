// The "Statistiche" screen: readable on her phone, charts drawn on the server as
// SVG (no chart library, nothing on the public pages), each with a text summary and its table.
import { Form, Link } from "react-router";
import { formatCount, formatItalianDay, formatItalianNumericDate, formatPercent } from "~/core/format/italian-format";
import { countOf } from "~/core/format/plural";
import { PeriodCount, VIEWS, VISITORS } from "./period-count";
import { useSchemaForm } from "~/core/forms/use-schema-form";
import { type ActionResult, useActionResult } from "~/core/forms/action-result";
import type { StatisticsReport, Totals } from "./statistics.server";
import { PERIODS, retentionSchema } from "./statistics-schema";

export const STATISTICS_PATH = "/admin/statistiche";

const SOURCE_TITLES = {
  referrer: "Siti di provenienza",
  utm_source: "Campagne: utm_source",
  utm_campaign: "Campagne: utm_campaign",
  device: "Dispositivi (visitatori)",
} as const;
const DEVICE_NAMES: Record<string, string> = { phone: "Telefono", tablet: "Tablet", computer: "Computer" };

/** "+20% rispetto ai 30 giorni prima", or what to say when there was nothing before. */
function change(current: number, before: number, days: number): string {
  if (before === 0) return current === 0 ? "come nei giorni prima" : `nessun dato nei ${days} giorni prima`;
  const share = (current - before) / before;
  const sign = share > 0 ? "+" : share < 0 ? "−" : "±";
  return `${sign}${formatPercent(Math.abs(share))} rispetto ai ${days} giorni prima`;
}

function PeriodCards({ periods }: { periods: StatisticsReport["periods"] }) {
  return (
    <ul className="statistics-periods">
      {periods.map(({ days, current, before }) => (
        <li key={days} className="statistics-period">
          <h3 className="statistics-period__title">Ultimi {days} giorni</h3>
          <PeriodCount
            count={current.visitors}
            forms={VISITORS}
            change={change(current.visitors, before.visitors, days)}
          />
          <PeriodCount count={current.views} forms={VIEWS} change={change(current.views, before.views, days)} />
        </li>
      ))}
    </ul>
  );
}

/** The busiest day of the period, for the summary. */
function busiest(daily: StatisticsReport["daily"]) {
  return daily.reduce((best, day) => (day.views > best.views ? day : best), daily[0]!);
}

function summary(report: StatisticsReport, total: Totals): string {
  if (total.views === 0) return `Negli ultimi ${report.days} giorni nessuna pagina vista.`;
  const top = busiest(report.daily);
  return `Negli ultimi ${report.days} giorni ${countOf(total.views, VIEWS)} e ${countOf(total.visitors, VISITORS)}; il giorno con più pagine viste è stato ${formatItalianDay(top.day)} (${formatCount(top.views)}).`;
}

/**
 * Pages viewed per day as bars, visitors as darker bars inside them. The picture is described by
 * the summary next to it (aria-describedby) and the table below it holds the same numbers.
 */
function DailyChart({ daily, describedBy }: { daily: StatisticsReport["daily"]; describedBy: string }) {
  const max = Math.max(1, ...daily.map((d) => d.views));
  const width = daily.length * 10;
  const height = 120;
  const bar = (value: number) => (value / max) * (height - 4);
  return (
    <svg
      className="statistics-chart"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      role="img"
      aria-label="Grafico delle pagine viste e dei visitatori per giorno"
      aria-describedby={describedBy}
    >
      <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} className="statistics-chart__axis" />
      {daily.map((d, i) =>
        (["views", "visitors"] as const).map((what) => (
          <rect
            key={`${d.day}-${what}`}
            x={i * 10 + 1}
            y={height - bar(d[what])}
            width="8"
            height={bar(d[what])}
            className={`statistics-chart__${what}`}
          />
        )),
      )}
    </svg>
  );
}

function RowsTable({
  caption,
  head,
  rows,
  empty,
  days = false,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
  empty: string;
  /** The first column holds dates: kept on one line. */
  days?: boolean;
}) {
  if (rows.length === 0) return <p className="admin-empty">{empty}</p>;
  return (
    // On the narrowest phones a wide table scrolls in its own box, which the keyboard can reach.
    <div className="statistics-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className={days ? "statistics-table statistics-table--days" : "statistics-table"}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i > 0 ? "statistics-table__number" : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key="label" scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={`c${String(i)}`} className="statistics-table__number">
                    {typeof cell === "number" ? formatCount(cell) : cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RetentionForm({ keepAll }: { keepAll: boolean }) {
  const { formProps } = useSchemaForm(retentionSchema, { id: "statistics-retention" });
  return (
    <Form method="post" action={STATISTICS_PATH} className="admin-form" {...formProps}>
      <input type="hidden" name="intent" value="retention" />
      <fieldset className="statistics-retention">
        <legend>Per quanto tempo conservarle</legend>
        <label>
          <input type="radio" name="retention" value="two-years" defaultChecked={!keepAll} /> Due anni, poi eliminate
          (consigliato)
        </label>
        <label>
          <input type="radio" name="retention" value="keep" defaultChecked={keepAll} /> Conservale tutte
        </label>
      </fieldset>
      <div className="admin-form__buttons">
        <button type="submit" className="button">
          Salva la scelta
        </button>
      </div>
    </Form>
  );
}

export function StatisticsScreen({ report, result }: { report: StatisticsReport; result?: ActionResult }) {
  useActionResult(result);
  const total = report.periods.find((p) => p.days === report.days)!.current;
  const sources = (dimension: keyof typeof SOURCE_TITLES) =>
    report.sources
      .filter((s) => s.dimension === dimension)
      .map((s) => [dimension === "device" ? (DEVICE_NAMES[s.value] ?? s.value) : s.value, s.count]);
  const funnel = report.funnel.filter((d) => d.bookingViews + d.timesChosen + d.made > 0).reverse();
  return (
    <div className="statistics">
      <h1 className="admin__title">Statistiche</h1>
      <p className="admin-section__lead">
        Contate dal sito stesso, senza cookie e senza servizi esterni: nessun dato permette di riconoscere un
        visitatore. Un visitatore è contato una volta al giorno; le tue visite da amministratrice non sono contate.
      </p>

      <section className="admin-section" aria-labelledby="statistiche-periodi">
        <h2 id="statistiche-periodi" className="admin-section__title">
          Visitatori e pagine viste
        </h2>
        <PeriodCards periods={report.periods} />
      </section>

      <section className="admin-section" aria-labelledby="statistiche-giorni">
        <h2 id="statistiche-giorni" className="admin-section__title">
          Giorno per giorno
        </h2>
        <nav aria-label="Periodo" className="statistics-choose">
          {PERIODS.map((days) => (
            <Link
              key={days}
              to={`${STATISTICS_PATH}?giorni=${days}`}
              className="button button--secondary"
              aria-current={days === report.days ? "page" : undefined}
            >
              {days} giorni
            </Link>
          ))}
        </nav>
        <p id="statistiche-riassunto" className="statistics-summary">
          {summary(report, total)}
        </p>
        <DailyChart daily={report.daily} describedBy="statistiche-riassunto" />
        <p className="statistics-legend" aria-hidden="true">
          <span className="statistics-legend__views" /> pagine viste <span className="statistics-legend__visitors" />{" "}
          visitatori
        </p>
        <details>
          <summary>Tabella dei dati giorno per giorno</summary>
          <RowsTable
            caption="Pagine viste e visitatori per giorno"
            head={["Giorno", "Pagine viste", "Visitatori"]}
            rows={[...report.daily].reverse().map((d) => [formatItalianNumericDate(d.day), d.views, d.visitors])}
            empty="Nessun giorno nel periodo."
            days
          />
        </details>
        <p>
          <a href={`${STATISTICS_PATH}.csv?giorni=${report.days}`} download className="button button--secondary">
            Scarica i dati (CSV)
          </a>
        </p>
      </section>

      <section className="admin-section" aria-labelledby="statistiche-pagine">
        <h2 id="statistiche-pagine" className="admin-section__title">
          Le pagine più viste
        </h2>
        <RowsTable
          caption={`Le pagine più viste negli ultimi ${report.days} giorni`}
          head={["Pagina", "Viste", "Visitatori"]}
          rows={report.topPages.map((p) => [p.path, p.views, p.visitors])}
          empty="Nessuna pagina vista nel periodo."
        />
        <RowsTable
          caption="Le ricette più viste"
          head={["Ricetta", "Viste", "Visitatori"]}
          rows={report.topRecipes.map((p) => [p.path, p.views, p.visitors])}
          empty="Nessuna ricetta vista nel periodo."
        />
        <RowsTable
          caption="Gli articoli più letti"
          head={["Articolo", "Viste", "Visitatori"]}
          rows={report.topArticles.map((p) => [p.path, p.views, p.visitors])}
          empty="Nessun articolo letto nel periodo."
        />
      </section>

      <section className="admin-section" aria-labelledby="statistiche-provenienza">
        <h2 id="statistiche-provenienza" className="admin-section__title">
          Da dove arrivano
        </h2>
        {(Object.keys(SOURCE_TITLES) as (keyof typeof SOURCE_TITLES)[]).map((dimension) => (
          <RowsTable
            key={dimension}
            caption={SOURCE_TITLES[dimension]}
            head={[dimension === "device" ? "Dispositivo" : "Provenienza", "Numero"]}
            rows={sources(dimension)}
            empty={`${SOURCE_TITLES[dimension]}: nessun dato nel periodo.`}
          />
        ))}
      </section>

      <section className="admin-section" aria-labelledby="statistiche-prenotazioni">
        <h2 id="statistiche-prenotazioni" className="admin-section__title">
          Dalla pagina «Prenota» alle prenotazioni
        </h2>
        <p className="admin-section__lead">
          Per giorno: le visite alla pagina Prenota, le volte in cui è stato scelto un orario, le prenotazioni fatte (in
          qualunque modo siano andate poi) e, fra queste, le richieste da confermare. Nessun paziente è seguito da una
          pagina all'altra.
        </p>
        <RowsTable
          caption="Prenotazioni per giorno"
          // Soft hyphens: five columns fit a 390 px phone.
          head={["Giorno", "Visite a «Prenota»", "Orari scelti", "Preno\u00adtate", "Di cui richie\u00adste"]}
          days
          rows={funnel.map((d) => [formatItalianNumericDate(d.day), d.bookingViews, d.timesChosen, d.made, d.requests])}
          empty="Nessuna visita alla pagina «Prenota» nel periodo."
        />
      </section>

      <section className="admin-section" aria-labelledby="statistiche-conservazione">
        <h2 id="statistiche-conservazione" className="admin-section__title">
          Conservazione
        </h2>
        <RetentionForm keepAll={report.keepAll} />
      </section>
    </div>
  );
}
