import { describe, expect, it } from "vitest";
import { bookingCall } from "./booking-call";

describe("where a booking button leads", () => {
  it("opens her external profile in a new tab, or calls the studio when she left its address empty", () => {
    expect(bookingCall("external", { external: "https://prenota.example.it/x", phone: "+39 02 1234567" })).toEqual({
      href: "https://prenota.example.it/x",
      newTab: true,
      hint: " (si apre in una nuova scheda)",
    });
    expect(bookingCall("external", { external: "", phone: "+39 02 1234567" })).toEqual({
      href: "tel:+39021234567",
      newTab: false,
      hint: " (chiama lo studio)",
    });
  });
});
