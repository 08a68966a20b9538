import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VersionLine } from "./status-screen";

describe("the version line of Stato del sito", () => {
  it("names the running commit and the last update; a failed one in red with its paragraph", () => {
    const ok = renderToStaticMarkup(
      <VersionLine
        version={{
          commit: "0123456789ab",
          lastUpdate: { outcome: "updated", at: "2 dicembre 2026, 12:18", message: "Aggiornamento completato" },
        }}
      />,
    );
    expect(ok).toContain("Versione in funzione: 0123456789ab.");
    expect(ok).toContain("Ultimo aggiornamento (npm run update): riuscito, 2 dicembre 2026, 12:18.");
    expect(ok).not.toContain("admin-notice--error");

    const back = renderToStaticMarkup(
      <VersionLine
        version={{
          commit: "0123456789ab",
          lastUpdate: {
            outcome: "rolled-back",
            at: "2 dicembre 2026, 12:18",
            message: "Aggiornamento non riuscito: x.",
          },
        }}
      />,
    );
    expect(back).toContain("non riuscito, sito tornato alla versione precedente");
    expect(back).toContain("Aggiornamento non riuscito: x.");
    expect(back).toContain("admin-notice--error");

    expect(renderToStaticMarkup(<VersionLine version={{ commit: null, lastUpdate: null }} />)).toContain(
      "Nessun aggiornamento fatto con npm run update.",
    );
  });
});
