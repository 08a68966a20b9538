import { formatItalianDateTime, formatItalianDay } from "~/core/format/italian-format";
import { type Mail, renderMail } from "~/core/mail/mail-layout";
import type { FreeTime } from "./availability";
import { priceRows } from "./booking-notices";

/**
 * To a patient on the waiting list, when a time that suits her frees: the first
 * such time, the link that opens the booking with her details filled, until when it is valid, and
 * that the time goes to whoever books first.
 */
export function waitingListNotice(input: {
  patientName: string;
  visitTypeName: string;
  placeName: string;
  firstTime: { date: string; time: FreeTime };
  /** Other free times that suit her, besides the first. */
  moreTimes: number;
  url: string;
  validUntil: Date;
  /** The price, when she shows it (see `priceRows`). */
  price?: string | null;
}): Mail {
  const when = `${formatItalianDay(input.firstTime.date)}, ore ${input.firstTime.time.time}`;
  return renderMail({
    subject: `Si è liberato un orario: ${input.visitTypeName}`,
    blocks: [
      {
        paragraphs: [
          `Gentile ${input.patientName},`,
          `si è liberato un orario che corrisponde ai giorni e alle fasce che hai indicato nella lista d'attesa.`,
          `Il link qui sotto apre la prenotazione con il tuo nome e la tua e-mail già scritti. L'orario va a chi prenota per primo: se nel frattempo lo prenota un'altra persona, resti in lista d'attesa.`,
        ],
      },
      {
        rows: [
          ["Visita", input.visitTypeName],
          ["Dove", input.placeName],
          [
            "Quando",
            input.moreTimes === 0
              ? when
              : `${when} (${input.moreTimes === 1 ? "e un altro orario" : `e altri ${input.moreTimes} orari`})`,
          ],
          ...priceRows(input.price),
          ["Link valido fino al", `${formatItalianDateTime(input.validUntil.toISOString())} (ora italiana)`],
        ],
      },
      { links: [{ label: "Prenota l'orario", url: input.url }] },
    ],
  });
}
