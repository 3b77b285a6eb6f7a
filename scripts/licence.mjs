#!/usr/bin/env node
// The licensor's tool: make an Ed25519 key pair, and sign Pro licences with its private half.
// The private key stays with the licensor, never in this repository. Needs `npm run build` first
// (it signs with the release's own canonical serialisation from dist/).
//
//   node scripts/licence.mjs keygen --out DIR
//       writes DIR/licence-private.pem (mode 600) and DIR/licence-public.pem, and prints the raw
//       public key as base64 (for BUILT_IN_PUBLIC_KEY or SVC_LICENCE_PUBLIC_KEY) and its key_id
//   node scripts/licence.mjs sign --key DIR/licence-private.pem --id L-0001 --holder "Name"
//       [--issued YYYY-MM-DD] [--expires YYYY-MM-DD|never] [--out licence.json]
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { canonicalJson, keyId } from "../dist/library/access/licence.js";

const USAGE =
  "usage: licence.mjs keygen --out DIR | licence.mjs sign --key PRIVATE.pem --id ID --holder NAME [--issued DAY] [--expires DAY|never] [--out FILE]";

function rawPublic(publicKey) {
  return Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url");
}

function keygen(values) {
  if (!values.out) throw new Error(USAGE);
  mkdirSync(values.out, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  writeFileSync(
    join(values.out, "licence-private.pem"),
    privateKey.export({ type: "pkcs8", format: "pem" }),
    {
      mode: 0o600,
      flag: "wx",
    },
  );
  writeFileSync(join(values.out, "licence-public.pem"), publicKey.export({ type: "spki", format: "pem" }));
  const raw = rawPublic(publicKey);
  process.stdout.write(`${JSON.stringify({ public_key: raw.toString("base64"), key_id: keyId(raw) })}\n`);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function signLicence(values) {
  if (!values.key || !values.id || !values.holder) throw new Error(USAGE);
  const issued = values.issued ?? new Date().toISOString().slice(0, 10);
  const expires = values.expires === undefined || values.expires === "never" ? null : values.expires;
  if (!DAY.test(issued) || (expires !== null && !DAY.test(expires)))
    throw new Error("--issued and --expires are days as YYYY-MM-DD (or --expires never)");
  const privateKey = createPrivateKey(readFileSync(values.key));
  if (privateKey.asymmetricKeyType !== "ed25519") throw new Error("--key is not an Ed25519 private key");
  const fields = {
    licence_id: values.id,
    holder: values.holder,
    tier: "pro",
    issued,
    expires,
    key_id: keyId(rawPublic(createPublicKey(privateKey))),
  };
  const signature = sign(null, Buffer.from(canonicalJson(fields), "utf8"), privateKey).toString("base64");
  const text = `${JSON.stringify({ ...fields, signature }, null, 2)}\n`;
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
}

try {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: "string" },
      key: { type: "string" },
      id: { type: "string" },
      holder: { type: "string" },
      issued: { type: "string" },
      expires: { type: "string" },
    },
  });
  if (command === "keygen") keygen(values);
  else if (command === "sign") signLicence(values);
  else throw new Error(USAGE);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
