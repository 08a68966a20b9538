import { Link } from "react-router";

/** What /prenota says while she has not turned booking on: call the studio. */
export function BookingOff({ phone }: { phone: string }) {
  return (
    <div className="page booking-page">
      <h1>Prenota una visita</h1>
      <p>
        La prenotazione dal sito non è attiva. Per fissare una visita chiama lo studio al{" "}
        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`}>{phone}</a>.
      </p>
      <p>
        <Link to="/home#contatti">Tutti i contatti</Link>
      </p>
    </div>
  );
}
