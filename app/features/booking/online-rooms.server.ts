import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { ScureBase32Plugin } from "otplib";
import type { OnlineRoomKind } from "./booking-values";
import type { Db, Executor } from "~/core/db/database.server";
import { type OnlineRoom, onlineRooms, visitTypes } from "./schema";
import type { EventBus } from "~/core/events/event-bus.server";
import { changeAnnouncer, type OnChangeError } from "~/core/events/publish-change.server";

// Item 7, online visits (decision 56): how an online type's visit happens, and the room each
// appointment gets. The appointment keeps its room's address from its booking (appointments.
// online_room_url), so every e-mail, calendar file and page says the same link all its life.

/** 128 random bits: no one finds a room by trying names. */
const ROOM_NAME_BYTES = 16;
const base32 = new ScureBase32Plugin();

/**
 * A new room's name: 128 random bits in lower-case base32 (26 letters and digits). Lower case and no
 * symbols, since video servers such as Jitsi treat room names without regard to case and some turn
 * symbols away: every one of the 128 bits counts there too.
 */
export function newRoomName(): string {
  return base32.encode(randomBytes(ROOM_NAME_BYTES), { padding: false }).toLowerCase();
}

/** The room address an appointment gets from its type's setting: hers, or a new room on her server. */
export function roomAddressFor(room: Pick<OnlineRoom, "kind" | "url">, name: () => string = newRoomName): string {
  return room.kind === "own" ? room.url : `${room.url.replace(/\/+$/, "")}/${name()}`;
}

/** The provider as the privacy page names it: her name for it and the host the patient's browser reaches. */
export interface VideoProvider {
  name: string;
  host: string;
  /** Her own room (the same address for everyone) or one made per appointment. */
  kind: OnlineRoomKind;
}

export interface OnlineRoomData {
  kind: OnlineRoomKind;
  url: string;
  providerName: string;
}

/** The online rooms: every query of the online_rooms table, each change announced under "booking". */
export function createOnlineRoomRepository(db: Db, bus: Pick<EventBus, "publish">, onError: OnChangeError = () => {}) {
  const announceChange = changeAnnouncer(bus, onError, "announcing an online room change failed");
  const announce = (action: "insert" | "delete", id: string) => announceChange({ table: "booking", action, id });

  return {
    listAll(): Promise<OnlineRoom[]> {
      return db.select().from(onlineRooms);
    },

    /**
     * Sets the room of an online type: "saved", "missing" (no such type) or "notOnline" (the type is
     * not offered online). The type's row is locked, so it cannot stop being online meanwhile.
     */
    async save(visitTypeId: string, data: OnlineRoomData): Promise<"saved" | "missing" | "notOnline"> {
      const outcome = await db.transaction(async (tx) => {
        const [type] = await tx
          .select({ online: visitTypes.online })
          .from(visitTypes)
          .where(eq(visitTypes.id, visitTypeId))
          .for("update");
        if (!type) return "missing" as const;
        if (!type.online) return "notOnline" as const;
        await tx
          .insert(onlineRooms)
          .values({ visitTypeId, ...data })
          .onConflictDoUpdate({ target: onlineRooms.visitTypeId, set: { ...data, updatedAt: sql`now()` } });
        return "saved" as const;
      });
      if (outcome === "saved") await announce("insert", visitTypeId);
      return outcome;
    },

    /** Takes the room away; true when there was one. */
    async remove(visitTypeId: string): Promise<boolean> {
      const deleted = await db
        .delete(onlineRooms)
        .where(eq(onlineRooms.visitTypeId, visitTypeId))
        .returning({ id: onlineRooms.visitTypeId });
      if (deleted.length) await announce("delete", visitTypeId);
      return deleted.length > 0;
    },

    /** The providers of the rooms patients can book now (active online types), each host once: the privacy page. */
    async providers(): Promise<VideoProvider[]> {
      const rows = await db
        .select({ name: onlineRooms.providerName, url: onlineRooms.url, kind: onlineRooms.kind })
        .from(onlineRooms)
        .innerJoin(visitTypes, eq(visitTypes.id, onlineRooms.visitTypeId))
        .where(sql`${visitTypes.active} and ${visitTypes.online}`)
        .orderBy(onlineRooms.providerName);
      const byHost = new Map<string, VideoProvider>();
      for (const row of rows) {
        const host = new URL(row.url).hostname;
        if (!byHost.has(host)) byHost.set(host, { name: row.name, host, kind: row.kind });
      }
      return [...byHost.values()];
    },
  };
}

export type OnlineRoomRepository = ReturnType<typeof createOnlineRoomRepository>;

/**
 * The room address a new online appointment of `visitTypeId` gets, read in the booking's
 * transaction; null when she set none (the e-mails then say the link comes before the visit).
 */
export async function newAppointmentRoom(tx: Pick<Executor, "select">, visitTypeId: string): Promise<string | null> {
  const [room] = await tx.select().from(onlineRooms).where(eq(onlineRooms.visitTypeId, visitTypeId));
  return room ? roomAddressFor(room) : null;
}
