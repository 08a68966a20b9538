import type { VideoProvider } from "./online-rooms.server";

/** "Jitsi Meet (meet.jit.si)", "Jitsi Meet (meet.jit.si) e Zoom (zoom.us)". */
function providerList(providers: readonly VideoProvider[]): string {
  const names = providers.map((p) => `${p.name} (${p.host})`);
  return names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/**
 * Item 7, the privacy page's paragraph on online visits: the video provider she chose (her name for
 * it and the host the patient's browser reaches) and what it receives. Nothing while no online type
 * has a room.
 */
export function OnlineVisitsPrivacy({ providers }: { providers: readonly VideoProvider[] }) {
  if (providers.length === 0) return null;
  const perVisit = providers.some((p) => p.kind === "per_visit");
  return (
    <>
      <h3 id="visite-online">Visite online</h3>
      <p>
        Per le visite online uso {providerList(providers)}. Il collegamento alla visita arriva solo a te: nell'email di
        conferma, nel promemoria, nel file del calendario e nella pagina della tua prenotazione.
        {perVisit
          ? " Per ogni appuntamento il sito crea una stanza con un nome casuale, che nessuno può indovinare e che non contiene il tuo nome."
          : null}{" "}
        Questo sito non comunica al servizio video nessun tuo dato. Quando entri nella stanza, il servizio riceve dal
        tuo browser l'indirizzo IP e i dati tecnici del dispositivo, il nome che scegli di mostrare e, durante la
        visita, l'audio e il video: li tratta per far funzionare il collegamento, secondo la propria informativa. Il
        collegamento è conservato con l'appuntamento e cancellato insieme a lui.
      </p>
    </>
  );
}
