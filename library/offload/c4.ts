import { createHash } from "node:crypto";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const LENGTH = 90;

/** SMPTE ST 2114 C4 id of `data`: "c4" and the base58 of its SHA-512, padded with "1" to 90 characters. */
export function c4Id(data: Uint8Array): string {
  let value = BigInt(`0x${createHash("sha512").update(data).digest("hex")}`);
  let digits = "";
  while (value > 0n) {
    digits = ALPHABET[Number(value % 58n)] + digits;
    value /= 58n;
  }
  return `c4${digits.padStart(LENGTH - 2, "1")}`;
}
