import { parseArgs } from "node:util";
import { EXIT } from "../domain/errors.js";
import type { TokenInfo } from "../domain/schemas/access.js";
import { createToken, listTokens, revokeToken, showToken } from "../library/access/tokens.js";
import { withContext } from "./context.js";
import { fail, type Io } from "./io.js";

export const TOKEN_USAGE = `usage:
  svc token create --name NAME --scopes SCOPE[,SCOPE…] [--ip-allowlist CIDR[,CIDR…]] [--expires-in DAYS] [--json]
  svc token list [--json]
  svc token show ID [--json]
  svc token revoke ID`;

const OPTIONS = {
  name: { type: "string" },
  scopes: { type: "string" },
  "ip-allowlist": { type: "string" },
  "expires-in": { type: "string" },
  json: { type: "boolean" },
} as const;

const ALLOWED: Record<string, { options: (keyof typeof OPTIONS)[]; ids: number }> = {
  create: { options: ["name", "scopes", "ip-allowlist", "expires-in", "json"], ids: 0 },
  list: { options: ["json"], ids: 0 },
  show: { options: ["json"], ids: 1 },
  revoke: { options: [], ids: 1 },
};

const commaList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

function describe(token: TokenInfo): string {
  const lines = [
    ["id", token.id],
    ["name", token.name],
    ["status", token.status],
    ["scopes", token.scopes.join(", ")],
    ["ip allowlist", token.ip_allowlist.length ? token.ip_allowlist.join(", ") : "any address"],
    ["created", token.created_at],
    ["expires", token.expires_at ?? "never"],
    ["revoked", token.revoked_at ?? "-"],
    ["last used", token.last_used_at ?? "never"],
  ];
  if (token.bootstrap) lines.push(["bootstrap", "yes (revoke it once per-machine tokens exist)"]);
  return lines.map(([key, value]) => `${`${key}:`.padEnd(14)}${value}\n`).join("");
}

function row(token: TokenInfo): string {
  return `${[token.id, token.name, token.status, token.scopes.join(","), token.expires_at ?? "never"].join("\t")}\n`;
}

/** Usage problems answer with the usage text and exit 2, never a stack trace. */
function usageError(io: Io, message: string): number {
  fail(io, `${message}\n${TOKEN_USAGE}`);
  return EXIT.usage;
}

export async function tokenCommand(argv: string[], io: Io): Promise<number> {
  const [action = "", ...rest] = argv;
  const allowed = ALLOWED[action];
  if (!allowed) return usageError(io, action ? `unknown token action "${action}"` : "missing token action");
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    return usageError(io, unknown ? `unknown option "${unknown}"` : message);
  }
  const { values, positionals } = parsed;
  const misplaced = Object.keys(values).find((key) => !allowed.options.includes(key as keyof typeof OPTIONS));
  if (misplaced) return usageError(io, `--${misplaced} does not apply to "svc token ${action}"`);
  if (positionals.length !== allowed.ids) {
    return usageError(io, allowed.ids ? `"svc token ${action}" needs one token id` : "unexpected arguments");
  }
  const id = positionals[0] ?? "";
  const json = values.json === true;

  let expiresInDays: number | undefined;
  if (action === "create") {
    if (!values.name) return usageError(io, "--name is required");
    if (!values.scopes) return usageError(io, "--scopes is required");
    const expires = values["expires-in"];
    if (expires !== undefined) {
      if (!/^\d+$/.test(expires.trim())) return usageError(io, "--expires-in expects a whole number of days");
      expiresInDays = Number(expires.trim());
    }
  }

  return withContext(io, { stdoutLogs: false }, async (ctx) => {
    const { registry } = ctx;
    if (action === "create") {
      const { token, secret } = createToken(registry, {
        name: values.name ?? "",
        scopes: commaList(values.scopes),
        ipAllowlist: commaList(values["ip-allowlist"]),
        ...(expiresInDays === undefined ? {} : { expiresInDays }),
      });
      ctx.log.info({ token_id: token.id, name: token.name, scopes: token.scopes }, "token created");
      if (json) io.stdout.write(`${JSON.stringify({ ...token, secret })}\n`);
      else io.stdout.write(`${secret}\nid: ${token.id}\n`);
      io.stderr.write("svc: store this secret now; it is shown only once and cannot be recovered\n");
    } else if (action === "list") {
      const tokens = listTokens(registry);
      if (json) io.stdout.write(`${JSON.stringify(tokens)}\n`);
      else if (tokens.length === 0) io.stdout.write("no tokens\n");
      else {
        io.stdout.write("id\tname\tstatus\tscopes\texpires\n");
        for (const token of tokens) io.stdout.write(row(token));
      }
    } else if (action === "show") {
      const token = showToken(registry, id);
      io.stdout.write(json ? `${JSON.stringify(token)}\n` : describe(token));
    } else {
      const { token, alreadyRevoked } = revokeToken(registry, id);
      ctx.log.info({ token_id: token.id }, "token revoked");
      io.stdout.write(
        alreadyRevoked
          ? `token ${token.id} ("${token.name}") was already revoked\n`
          : `token ${token.id} ("${token.name}") revoked\n`,
      );
    }
    return EXIT.ok;
  });
}
