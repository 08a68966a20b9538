import type { PublicImage } from "~/core/media/public-image";

/** A review as pages receive it: plain data, dates as ISO strings, image URLs resolved. */
export interface ReviewView {
  id: string;
  name: string;
  content: string;
  rating: number;
  status: "pending" | "published" | "hidden";
  createdAt: string;
  /** `createdAt` as the page shows it ("1 marzo 2026"), written by the server: pages need no date code. */
  createdAtText: string;
  image: PublicImage | null;
  /** Sent through an invitation the practitioner gave after a visit. */
  verified: boolean;
  /** The practitioner's public answer, signed with her name; `date` is when it was last written. */
  /** `title`: "Risposta della Dott.ssa …", made on the server (the page's script needs no grammar). */
  reply: { content: string; date: string; dateText: string; title: string } | null;
}
