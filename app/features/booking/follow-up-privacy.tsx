/** The privacy page's words on the follow-up e-mail and the links that fill the booking (decision 57). */
export function FollowUpPrivacy() {
  return (
    <p id="controllo">
      Se alla visita concordiamo un controllo, posso chiedere al sito di ricordartelo dopo alcune settimane: il sito
      conserva a quale visita si riferisce, il giorno in cui inviarti l'email, il tipo di visita da prenotare e quando
      l'email è partita. Quel giorno ricevi un'email con un link per prenotare in cui trovi nome, email e telefono già
      inseriti; lo stesso accade con &laquo;Prenota di nuovo&raquo; dopo che hai annullato una visita. Il link non
      contiene i tuoi dati ma un riferimento firmato all'appuntamento, valido 60 giorni (7 giorni per &laquo;Prenota di
      nuovo&raquo;): i dati sono letti dal sito solo quando lo apri. Il promemoria può essere annullato finché non è
      partito ed è cancellato insieme all'appuntamento a cui si riferisce, al termine del periodo di conservazione
      indicato più sotto: se quel periodo finisce prima, l'email non parte.
    </p>
  );
}
