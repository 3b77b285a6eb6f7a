import { isIPv4 } from "node:net";
import Bonjour, { type Service } from "bonjour-service";

/**
 * DNS-SD over multicast DNS, through bonjour-service (pure JS, on multicast-dns; it probes for
 * the name, answers queries, re-announces and sends goodbyes, so svc writes no responder of its own).
 */

/** What one service says of itself on the LAN. */
export interface Announcement {
  /** The instance name, unique on the LAN (`svc on edit-3 port 8501`). */
  readonly name: string;
  /** The service type without underscores or protocol (`svc` for `_svc._tcp`). */
  readonly type: string;
  readonly port: number;
  /** Key/value pairs of the TXT record, each `key=value` within DNS's 255 bytes. */
  readonly txt: Readonly<Record<string, string>>;
}

/** A service of the type looked for, as it was seen. */
export interface SeenService {
  readonly name: string;
  /** The host name its SRV record names (`edit-3.local`). */
  readonly host: string;
  readonly port: number;
  /** Its A/AAAA addresses, and the address its answer came from. */
  readonly addresses: readonly string[];
  readonly txt: Readonly<Record<string, string>>;
}

export interface MdnsOptions {
  /**
   * The IPv4 address of the one interface to use (the address svc's API is bound to); every
   * interface when absent.
   */
  readonly interfaceAddress?: string | undefined;
  /** Hears socket errors (a network going away), which must not end the process. */
  readonly onError: (error: Error) => void;
}

function open({ interfaceAddress, onError }: MdnsOptions): Bonjour {
  // Bound to the wildcard in any case: on Linux a socket bound to a unicast address never receives
  // what is sent to the multicast group.
  const one = interfaceAddress && isIPv4(interfaceAddress) ? { interface: interfaceAddress } : {};
  // bonjour-service hands these to multicast-dns, though its type names only a service's fields.
  const socket = { ...one, bind: "0.0.0.0" } as unknown as ConstructorParameters<typeof Bonjour>[0];
  return new Bonjour(socket, onError);
}

/** One service on the LAN that says what it is, and can say it again or withdraw. */
export interface Announcer {
  /** Announces `ad`, replacing what was announced before (goodbye to the old, hello to the new). */
  announce(ad: Announcement): Promise<void>;
  /** Goodbye packets for what is announced, then the socket closes. */
  close(): Promise<void>;
}

export function startAnnouncer(options: MdnsOptions): Announcer {
  const bonjour = open(options);
  let current: Service | null = null;
  let probed = false;
  const withdraw = () =>
    new Promise<void>((resolve) => {
      const service = current;
      current = null;
      if (!service) return resolve();
      service.stop(() => resolve());
    });
  return {
    async announce(ad) {
      await withdraw();
      // The name is probed for when first announced; a changed record keeps it without a new probe.
      // IPv4 only: the socket is, and a link-local IPv6 address without its zone reaches nobody.
      current = bonjour.publish({ ...ad, txt: { ...ad.txt }, probe: !probed, disableIPv6: true });
      probed = true;
    },
    async close() {
      await withdraw();
      await new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
    },
  };
}

/**
 * The services of `type` that answer within `waitMs`: one query at the start and one halfway, so
 * a single lost packet does not hide a host; services that said goodbye meanwhile are left out.
 */
export async function browse(type: string, waitMs: number, options: MdnsOptions): Promise<SeenService[]> {
  const bonjour = open(options);
  try {
    const browser = bonjour.find({ type });
    await new Promise<void>((resolve) => {
      const again = setTimeout(() => browser.update(), waitMs / 2);
      setTimeout(() => {
        clearTimeout(again);
        resolve();
      }, waitMs);
    });
    browser.stop();
    return browser.services.map((service) => ({
      name: service.name,
      host: service.host,
      port: service.port,
      addresses: [
        ...new Set([...(service.addresses ?? []), ...(service.referer ? [service.referer.address] : [])]),
      ],
      txt: Object.fromEntries(
        Object.entries((service.txt ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v ?? "")]),
      ),
    }));
  } finally {
    await new Promise<void>((resolve) => bonjour.destroy(() => resolve()));
  }
}
