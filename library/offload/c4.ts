import { createHash } from "node:crypto";

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const LENGTH = 90;

/** The C4 id (SMPTE ST 2114) of a SHA-512 digest: "c4" and its base58, padded with "1" to 90 characters. */
export function c4FromSha512(digest: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(digest).toString("hex")}`);
  let digits = "";
  while (value > 0n) {
    digits = ALPHABET[Number(value % 58n)] + digits;
    value /= 58n;
  }
  return `c4${digits.padStart(LENGTH - 2, "1")}`;
}

/** The C4 id of `data`, as ASC MHL records a manifest in its chain. */
export const c4Id = (data: Uint8Array): string => c4FromSha512(createHash("sha512").update(data).digest());
