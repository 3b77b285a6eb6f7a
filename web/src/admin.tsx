import { useEffect, useState } from "preact/hooks";
import { ApiError, SCOPES } from "./api.js";
import {
  type CreatedToken,
  createToken,
  type Entitlements,
  entitlements,
  projects as listProjects,
  tokens as listTokens,
  type Projects as ProjectsReport,
  revokeToken,
  type TokenInfo,
} from "./client.js";

const failure = (e: unknown) => (e instanceof ApiError ? `${e.status}: ${e.message}` : String(e));

const commaList = (text: string) =>
  text
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/** The new token's secret, on screen until dismissed: the server never shows it again. */
function Secret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div class="secret" role="alert">
      <p>
        Secret of <strong>{name}</strong>, shown this once: store it now, it cannot be recovered.
      </p>
      <p>
        <code class="token-secret">{secret}</code>{" "}
        <button
          type="button"
          onClick={() =>
            navigator.clipboard.writeText(secret).then(
              () => setCopied("Copied"),
              () => setCopied("Copying is blocked here: select the secret and copy it"),
            )
          }
        >
          Copy
        </button>{" "}
        <button type="button" onClick={onDone}>
          Done
        </button>
      </p>
      {copied && <p role="status">{copied}</p>}
    </div>
  );
}

function NewToken({ onCreated }: { onCreated: (token: CreatedToken) => void }) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ReadonlySet<string>>(new Set());
  const [allowlist, setAllowlist] = useState("");
  const [days, setDays] = useState("");
  const [error, setError] = useState<string | null>(null);
  const toggle = (scope: string) => {
    const next = new Set(scopes);
    if (next.has(scope)) next.delete(scope);
    else next.add(scope);
    setScopes(next);
  };
  return (
    <form
      class="new-token"
      aria-label="New token"
      onSubmit={(e) => {
        e.preventDefault();
        const body = {
          name,
          scopes: SCOPES.filter((s) => scopes.has(s)),
          ...(allowlist.trim() ? { ip_allowlist: commaList(allowlist) } : {}),
          ...(days.trim() ? { expires_in_days: Number(days) } : {}),
        };
        createToken(body).then(
          (token) => {
            setError(null);
            setName("");
            setScopes(new Set());
            setAllowlist("");
            setDays("");
            onCreated(token);
          },
          (err: unknown) => setError(failure(err)),
        );
      }}
    >
      <label>
        Name{" "}
        <input
          name="token-name"
          value={name}
          maxLength={64}
          onInput={(e) => setName(e.currentTarget.value)}
        />
      </label>
      <fieldset>
        <legend>Scopes</legend>
        {SCOPES.map((scope) => (
          <label key={scope} class="scope">
            <input type="checkbox" value={scope} checked={scopes.has(scope)} onChange={() => toggle(scope)} />{" "}
            {scope}
          </label>
        ))}
      </fieldset>
      <label>
        IP allowlist (CIDR, comma separated; empty: any address){" "}
        <input value={allowlist} onInput={(e) => setAllowlist(e.currentTarget.value)} />
      </label>
      <label>
        Expires in (days; empty: never){" "}
        <input
          type="number"
          min={1}
          max={3650}
          value={days}
          size={5}
          onInput={(e) => setDays(e.currentTarget.value)}
        />
      </label>
      <button type="submit">Create token</button>
      {error && <p class="error">{error}</p>}
    </form>
  );
}

/** Admin machines manage the per-machine tokens here (SPEC.md Authentication rules 3 and 5). */
export function Tokens() {
  const [tokens, setTokens] = useState<TokenInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [issued, setIssued] = useState<{ name: string; secret: string } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let stop = false;
    listTokens().then(
      (body) => {
        if (stop) return;
        setTokens(body.tokens);
        setError(null);
      },
      (e: unknown) => {
        if (!stop) setError(failure(e));
      },
    );
    return () => {
      stop = true;
    };
  }, [version]);
  const revoke = (token: TokenInfo) =>
    revokeToken(token.id).then(
      () => setVersion((v) => v + 1),
      (e: unknown) => setError(failure(e)),
    );
  return (
    <section class="panel tokens" aria-label="Tokens">
      <h2>Tokens</h2>
      {error && <p class="error">{error}</p>}
      {issued && <Secret name={issued.name} secret={issued.secret} onDone={() => setIssued(null)} />}
      {tokens && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Scopes</th>
              <th scope="col">Allowed from</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id} data-token={t.id}>
                <td>
                  {t.name}
                  {t.bootstrap && " (bootstrap: revoke once per-machine tokens exist)"}
                  <br />
                  <small>{t.id}</small>
                </td>
                <td class="token-status">{t.status}</td>
                <td>{t.scopes.join(", ")}</td>
                <td>{t.ip_allowlist.length ? t.ip_allowlist.join(", ") : "any address"}</td>
                <td>{t.expires_at ?? "never"}</td>
                <td>{t.last_used_at ?? "never"}</td>
                <td>
                  {t.status !== "revoked" && (
                    <button type="button" class="danger" onClick={() => void revoke(t)}>
                      Revoke {t.name}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <NewToken
        onCreated={(token) => {
          setIssued({ name: token.name, secret: token.secret });
          setVersion((v) => v + 1);
        }}
      />
    </section>
  );
}

export function Projects() {
  const [report, setReport] = useState<ProjectsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listProjects().then(setReport, (e: unknown) => setError(failure(e)));
  }, []);
  const projects = report?.projects;
  return (
    <section class="panel" aria-label="Projects">
      <h2>Projects</h2>
      {error && <p class="error">{error}</p>}
      {report?.project_limit && <p class="note">{report.project_limit}</p>}
      {projects?.length === 0 && <p>No registered projects.</p>}
      {projects && projects.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Folder</th>
              <th scope="col">Tags</th>
              <th scope="col">Items</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => (
              <tr key={p.name}>
                <td>{p.name}</td>
                <td>{p.path}</td>
                <td>{p.tags.join(", ")}</td>
                <td>
                  {p.health.items ?? "–"}
                  {p.health.missing_items ? ` (${p.health.missing_items} missing)` : ""}
                </td>
                <td>
                  {!p.health.reachable
                    ? "folder unreachable"
                    : p.role === "seat"
                      ? `hosted by ${p.host?.name ?? "another svc"}`
                      : p.health.database_readable
                        ? "ok"
                        : "no readable library yet"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function EntitlementsPanel() {
  const [report, setReport] = useState<Entitlements | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    entitlements().then(setReport, (e: unknown) => setError(failure(e)));
  }, []);
  return (
    <section class="panel" aria-label="Entitlements">
      <h2>Entitlements</h2>
      {error && <p class="error">{error}</p>}
      {report && (
        <dl class="facts">
          <dt>Tier</dt>
          <dd>
            {report.tier}
            {report.grandfathered ? " (installation predates the free-tier allowance)" : ""}
          </dd>
          {report.projects && (
            <>
              <dt>Projects</dt>
              <dd>
                {report.projects.used} used of {report.projects.allowed ?? "unlimited"}
              </dd>
            </>
          )}
          {report.can_add_project && (
            <>
              <dt>Adding a project</dt>
              <dd>
                {report.can_add_project.allowed ? "allowed" : "refused"}: {report.can_add_project.reason}
              </dd>
            </>
          )}
          {report.cross_project && (
            <>
              <dt>Cross-project search</dt>
              <dd>
                {report.cross_project.allowed ? "allowed" : "refused"}: {report.cross_project.reason}
              </dd>
            </>
          )}
          {report.licence && (
            <>
              <dt>Licence</dt>
              <dd>
                {report.licence.holder} ({report.licence.licence_id}), expires{" "}
                {report.licence.expires ?? "never"}
              </dd>
            </>
          )}
          {report.licence_problem && (
            <>
              <dt>Licence problem</dt>
              <dd class="error">
                {report.licence_problem}
                {report.licence_detail ? `: ${report.licence_detail}` : ""}
              </dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
