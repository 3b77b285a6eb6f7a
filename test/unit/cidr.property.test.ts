import fc from "fast-check";
import ipaddr from "ipaddr.js";
import { describe, expect, it } from "vitest";
import { ipAllowed, isLoopback, normalizeCidr } from "../../library/access/addresses.js";

/*
 * Everything is generated in the 128-bit IPv6 space, where an IPv4 address is its mapped form
 * ::ffff:a.b.c.d, and rendered in the textual forms a user or a socket might produce. The
 * reference matcher compares bit strings; the implementation under test never sees them.
 */

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

const isMapped = (bytes: number[]) => MAPPED_PREFIX.every((b, i) => bytes[i] === b);
const toBits = (bytes: number[]) => bytes.map((b) => b.toString(2).padStart(8, "0")).join("");
const fromBits = (bits: string) =>
  Array.from({ length: 16 }, (_, i) => Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2));

const referenceMatch = (range: { bytes: number[]; prefix: number }, address: number[]) =>
  toBits(address).slice(0, range.prefix) === toBits(range.bytes).slice(0, range.prefix);

const byte = fc.integer({ min: 0, max: 255 });
const v4Bytes = fc.array(byte, { minLength: 4, maxLength: 4 });
const mappedBytes = v4Bytes.map((v4) => [...MAPPED_PREFIX, ...v4]);
const v6Bytes = fc.array(byte, { minLength: 16, maxLength: 16 });
// Half IPv4 (as mapped bytes), half arbitrary IPv6, so both families and their mix are exercised.
const addressBytes = fc.oneof(mappedBytes, v6Bytes);

const range = fc.oneof(
  fc.record({ bytes: mappedBytes, prefix: fc.integer({ min: 96, max: 128 }) }),
  fc.record({ bytes: addressBytes, prefix: fc.integer({ min: 0, max: 128 }) }),
);

const v4Text = (bytes: number[]) => bytes.slice(12).join(".");
const v6 = (bytes: number[]) => ipaddr.fromByteArray(bytes) as ipaddr.IPv6;

/** Every way an address can be written; IPv4 addresses also in their mapped IPv6 spellings. */
function addressTexts(bytes: number[]): string[] {
  const forms = [v6(bytes).toNormalizedString()];
  if (isMapped(bytes))
    forms.push(
      v4Text(bytes),
      `::ffff:${v4Text(bytes)}`,
      `::ffff:${v6(bytes).parts[6]?.toString(16)}:${v6(bytes).parts[7]?.toString(16)}`,
    );
  else forms.push(v6(bytes).toString());
  return forms;
}

function rangeTexts({ bytes, prefix }: { bytes: number[]; prefix: number }): string[] {
  const forms = [`${v6(bytes).toNormalizedString()}/${prefix}`];
  if (isMapped(bytes) && prefix >= 96) {
    forms.push(`${v4Text(bytes)}/${prefix - 96}`, `::ffff:${v4Text(bytes)}/${prefix}`);
    if (prefix === 128) forms.push(v4Text(bytes));
  } else {
    forms.push(`${v6(bytes).toString()}/${prefix}`);
    if (prefix === 128) forms.push(v6(bytes).toString());
  }
  return forms;
}

/** An address inside the range: the range's first `prefix` bits, then anything. */
const inside = (r: { bytes: number[]; prefix: number }) =>
  v6Bytes.map((tail) => fromBits(toBits(r.bytes).slice(0, r.prefix) + toBits(tail).slice(r.prefix)));

describe("CIDR matching (property-based)", () => {
  it("agrees with a bit-string reference for every spelling of range and address", () => {
    fc.assert(
      fc.property(range, addressBytes, (r, address) => {
        const expected = referenceMatch(r, address);
        for (const entry of rangeTexts(r)) {
          for (const text of addressTexts(address)) {
            expect(ipAllowed([entry], text), `${text} in ${entry}`).toBe(expected);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("matches every address generated inside a range", () => {
    fc.assert(
      fc.property(
        range.chain((r) => fc.tuple(fc.constant(r), inside(r))),
        ([r, address]) => {
          for (const entry of rangeTexts(r)) {
            for (const text of addressTexts(address))
              expect(ipAllowed([entry], text), `${text} in ${entry}`).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("refuses an address that differs from the range inside its prefix", () => {
    const withFlip = range
      .filter((r) => r.prefix > 0)
      .chain((r) => fc.tuple(fc.constant(r), inside(r), fc.integer({ min: 0, max: r.prefix - 1 })));
    fc.assert(
      fc.property(withFlip, ([r, address, bit]) => {
        const bits = toBits(address);
        const flipped = fromBits(
          `${bits.slice(0, bit)}${bits[bit] === "0" ? "1" : "0"}${bits.slice(bit + 1)}`,
        );
        for (const entry of rangeTexts(r)) {
          for (const text of addressTexts(flipped))
            expect(ipAllowed([entry], text), `${text} in ${entry}`).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("normalises to a canonical form that is stable and means the same thing", () => {
    fc.assert(
      fc.property(range, addressBytes, (r, address) => {
        for (const entry of rangeTexts(r)) {
          const canonical = normalizeCidr(entry);
          expect(normalizeCidr(canonical)).toBe(canonical);
          expect(canonical).toBe(normalizeCidr(rangeTexts(r)[0] ?? ""));
          for (const text of addressTexts(address)) {
            expect(ipAllowed([canonical], text)).toBe(ipAllowed([entry], text));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it("allows anything with an empty allowlist and nothing that is not an address", () => {
    fc.assert(
      fc.property(addressBytes, (address) => {
        for (const text of addressTexts(address)) expect(ipAllowed([], text)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !ipaddr.isValid(s)),
        (junk) => {
          expect(ipAllowed(["0.0.0.0/0", "::/0"], junk)).toBe(false);
        },
      ),
    );
  });
});

describe("CIDR matching (examples)", () => {
  it.each([
    ["10.0.0.0/8", "10.0.0.5", true],
    ["10.0.0.0/8", "::ffff:10.0.0.5", true],
    ["::ffff:10.0.0.0/104", "10.200.0.1", true],
    ["10.0.0.0/8", "11.0.0.1", false],
    ["192.168.1.7", "192.168.1.7", true],
    ["192.168.1.7", "192.168.1.8", false],
    ["fd00::/8", "fd12:3456::1", true],
    ["fd00::/8", "fe80::1", false],
    ["::/0", "203.0.113.9", true],
    ["0.0.0.0/0", "2001:db8::1", false],
    ["corrupt", "10.0.0.1", false],
  ])("%s contains %s: %s", (entry, address, expected) => {
    expect(ipAllowed([entry], address)).toBe(expected);
  });

  it.each([
    ["127.0.0.1", true],
    ["127.255.0.9", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["128.0.0.1", false],
    ["::2", false],
    ["", false],
  ])("%s is loopback: %s", (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
