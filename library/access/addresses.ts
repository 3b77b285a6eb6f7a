import { isIP } from "node:net";
import { networkInterfaces } from "node:os";
import ipaddr from "ipaddr.js";
import { EXIT, UserError } from "../../domain/errors.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Address, number];

/**
 * An IPv4-mapped IPv6 address (`::ffff:10.0.0.5`, what a dual-stack socket reports for an IPv4
 * peer) is the IPv4 address it carries; every comparison below works on this form.
 */
function canonicalAddress(text: string): Address | null {
  if (isIP(text) === 0) return null;
  try {
    return ipaddr.process(text);
  } catch {
    return null;
  }
}

/**
 * Parses an allowlist entry: `addr/bits` or a bare address (a single host). Strict on purpose:
 * the shorthand forms ipaddr.js also accepts (`10.1`, `0x0a.0.0.1`) and zone ids are refused,
 * so an entry means exactly what it looks like.
 */
function parseRange(entry: string): Range | null {
  const parts = entry.trim().split("/");
  if (parts.length > 2) return null;
  const [text = "", bitsText] = parts;
  if (isIP(text) === 0 || text.includes("%")) return null;
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null;
  let address: Address;
  try {
    address = ipaddr.parse(text);
  } catch {
    return null;
  }
  const width = address.kind() === "ipv4" ? 32 : 128;
  const bits = bitsText === undefined ? width : Number(bitsText);
  if (bits > width) return null;
  if (address.kind() === "ipv6" && bits >= 96 && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return networkOf([(address as ipaddr.IPv6).toIPv4Address(), bits - 96]);
  }
  return networkOf([address, bits]);
}

function networkOf([address, bits]: Range): Range {
  const bytes = address.toByteArray().map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  return [ipaddr.fromByteArray(bytes), bits];
}

/**
 * The canonical text of an allowlist entry (network address, prefix; mapped IPv6 ranges as
 * IPv4), or a UserError naming the entry. Host bits are cleared: `10.0.0.5/8` is `10.0.0.0/8`.
 */
export function normalizeCidr(entry: string): string {
  const range = parseRange(entry);
  if (!range) {
    throw new UserError(
      `"${entry.trim().slice(0, 60)}" is not an IP address or CIDR range (e.g. 192.168.1.0/24, 10.0.0.7, fd00::/8)`,
      EXIT.usage,
      422,
    );
  }
  return `${range[0].toString()}/${range[1]}`;
}

function inRange(address: Address, [network, bits]: Range): boolean {
  if (address.kind() === network.kind()) return address.match(network, bits);
  // An IPv4 caller is also its mapped IPv6 form, so an IPv6 range such as ::/0 can cover it.
  if (address.kind() === "ipv4") return (address as ipaddr.IPv4).toIPv4MappedAddress().match(network, bits);
  return false;
}

/** True when `ip` is inside one of the entries; an empty allowlist allows every address. */
export function ipAllowed(allowlist: readonly string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const address = canonicalAddress(ip);
  if (!address) return false;
  return allowlist.some((entry) => {
    const range = parseRange(entry);
    return range !== null && inRange(address, range);
  });
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export function isLoopback(ip: string): boolean {
  return canonicalAddress(ip)?.range() === "loopback";
}

const LISTEN_ERRORS = new Set(["EADDRINUSE", "EACCES", "EADDRNOTAVAIL"]);

/** A listener that could not bind, said as the setting that fixes it; other errors pass unchanged. */
export function listenFailure(error: unknown, variable: string, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === undefined || !LISTEN_ERRORS.has(code)) return error;
  // Two accounts on one machine are two svc hosts, each wanting the default ports.
  const why = code === "EADDRINUSE" ? " (the port is taken, perhaps by another svc: another account's?)" : "";
  return new UserError(
    `cannot listen on ${host}:${port} (${code}); set ${variable} or SVC_BIND_HOST${why}`,
    EXIT.usage,
  );
}

const urlHost = (address: string) => (address.includes(":") ? `[${address}]` : address);

/**
 * Where a listener bound to `bindHost` can be reached: the host itself, or for a wildcard bind
 * (0.0.0.0, ::) loopback plus every address of this machine's network interfaces, so an admin can
 * read off the URL a LAN client needs.
 */
export function reachableUrls(bindHost: string, port: number, path: string): string[] {
  const wildcard = bindHost === "0.0.0.0" || bindHost === "::" || bindHost === "";
  if (!wildcard) return [`http://${urlHost(bindHost)}:${port}${path}`];
  const ipv6 = bindHost === "::";
  const addresses = Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined)
    .filter((entry) => entry.family === "IPv4" || (ipv6 && !entry.address.startsWith("fe80")))
    .sort((a, b) => Number(b.internal) - Number(a.internal))
    .map((entry) => `http://${urlHost(entry.address)}:${port}${path}`);
  return [...new Set(addresses)];
}

/**
 * The URL other workstations reach this svc at, as its host leases say: SVC_PUBLIC_URL, else the
 * bound address, else (bound to every address) the first address of a network interface that is
 * not loopback, else loopback. A URL for another machine never comes from the Host of a request.
 */
export function advertisedUrl(publicUrl: string | undefined, bindHost: string, port: number): string {
  if (publicUrl) return publicUrl;
  const urls = reachableUrls(bindHost, port, "");
  const lan = urls.find((url) => !/^http:\/\/(127\.|\[::1\])/.test(url));
  return lan ?? urls[0] ?? `http://127.0.0.1:${port}`;
}
