// A DNS server whose answers a test sets: Debian's pebble-challtestsrv (A, AAAA, TXT through its
// management API), behind a small UDP relay of ours that answers MX itself, which challtestsrv does
// not know (it answers NOTIMP), and hands every other question to it.
import { type ChildProcess, spawn } from "node:child_process";
import dgram from "node:dgram";
import { freePort } from "./app-server";
import { challtestsrvDnsOnly } from "./pebble";

export interface DnsAnswers {
  /** For DNS_SERVER: `127.0.0.1:<port>`. */
  server: string;
  addA(host: string, addresses: string[]): Promise<void>;
  clearA(host: string): Promise<void>;
  addAAAA(host: string, addresses: string[]): Promise<void>;
  clearAAAA(host: string): Promise<void>;
  setTxt(host: string, value: string): Promise<void>;
  clearTxt(host: string): Promise<void>;
  setMx(host: string, exchanges: string[]): void;
  stop(): Promise<void>;
}

const fqdn = (host: string) => (host.endsWith(".") ? host : `${host}.`);

export async function startDnsAnswers(): Promise<DnsAnswers> {
  const [dnsPort, managementPort, relayPort] = [await freePort(), await freePort(), await freePort()];
  const child: ChildProcess = spawn("pebble-challtestsrv", challtestsrvDnsOnly(dnsPort, managementPort), {
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Ready once its management server says it listens.
  await new Promise<void>((resolve, reject) => {
    let said = "";
    const listen = (chunk: Buffer) => {
      said += chunk;
      if (said.includes("Starting management server")) resolve();
    };
    child.stdout!.on("data", listen);
    child.stderr!.on("data", listen);
    child.once("exit", (code) => reject(new Error(`pebble-challtestsrv ended (${code}): ${said}`)));
  });
  const manage = async (path: string, body: object) => {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${managementPort}${path}`, {
          method: "POST",
          body: JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  // No answer for a name no test set (its defaults answer every A and AAAA with loopback).
  await manage("/set-default-ipv4", { ip: "" });
  await manage("/set-default-ipv6", { ip: "" });

  const mx = new Map<string, string[]>();
  const relay = dgram.createSocket("udp4");
  relay.on("message", (query, client) => {
    const { name, type, end } = readQuestion(query);
    if (type === 15) {
      relay.send(mxAnswer(query, end, mx.get(name.toLowerCase()) ?? []), client.port, client.address);
      return;
    }
    const upstream = dgram.createSocket("udp4");
    upstream.once("message", (reply) => {
      relay.send(reply, client.port, client.address);
      upstream.close();
    });
    upstream.send(query, dnsPort, "127.0.0.1");
  });
  await new Promise<void>((resolve) => relay.bind(relayPort, "127.0.0.1", resolve));

  return {
    server: `127.0.0.1:${relayPort}`,
    addA: (host, addresses) => manage("/add-a", { host: fqdn(host), addresses }),
    clearA: (host) => manage("/clear-a", { host: fqdn(host) }),
    addAAAA: (host, addresses) => manage("/add-aaaa", { host: fqdn(host), addresses }),
    clearAAAA: (host) => manage("/clear-aaaa", { host: fqdn(host) }),
    setTxt: (host, value) => manage("/set-txt", { host: fqdn(host), value }),
    clearTxt: (host) => manage("/clear-txt", { host: fqdn(host) }),
    setMx: (host, exchanges) => void mx.set(host.toLowerCase(), exchanges),
    async stop() {
      relay.close();
      const ended = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await ended;
    },
  };
}

/** The question of a DNS query: its name, its type, and where it ends in the packet. */
function readQuestion(packet: Buffer): { name: string; type: number; end: number } {
  const labels: string[] = [];
  let at = 12;
  while (packet[at]! > 0) {
    const length = packet[at]!;
    labels.push(packet.subarray(at + 1, at + 1 + length).toString("latin1"));
    at += length + 1;
  }
  return { name: labels.join("."), type: packet.readUInt16BE(at + 1), end: at + 5 };
}

/** The answer to an MX query: the question again, then one record per exchange (preference 10, 20…). */
function mxAnswer(query: Buffer, questionEnd: number, exchanges: string[]): Buffer {
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  header.writeUInt16BE(0x8180, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(exchanges.length, 6);
  const records = exchanges.map((exchange, i) => {
    const name = Buffer.concat([
      ...exchange.split(".").map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "latin1")])),
      Buffer.from([0]),
    ]);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0);
    fixed.writeUInt16BE(15, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(2 + name.length, 10);
    const preference = Buffer.alloc(2);
    preference.writeUInt16BE(10 * (i + 1));
    return Buffer.concat([fixed, preference, name]);
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records]);
}
