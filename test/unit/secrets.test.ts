import { describe, expect, it } from "vitest";
import { redactLogLine, redactSecrets } from "../../formats/secrets.js";

const svcSecret = `svc_${"a1B2".repeat(10)}`;

describe("redactSecrets", () => {
  it.each([
    ["/api/media?token=abc123&limit=5", "/api/media?token=[redacted]&limit=5"],
    ["/api/media?limit=5&access_token=abc", "/api/media?limit=5&access_token=[redacted]"],
    ["/api/stream?id=3&grant=g.sig-1", "/api/stream?id=3&grant=[redacted]"],
    ["/api/ws?TOKEN=abc#frag", "/api/ws?TOKEN=[redacted]#frag"],
    [
      "/x?api_key=k1&apikey=k2&password=p&passwd=q",
      "/x?api_key=[redacted]&apikey=[redacted]&password=[redacted]&passwd=[redacted]",
    ],
    ["/x?client_secret=c;refresh_token=r", "/x?client_secret=[redacted];refresh_token=[redacted]"],
    ["env SVC_ADMIN_BOOTSTRAP_TOKEN=hunter2hunter2", "env SVC_ADMIN_BOOTSTRAP_TOKEN=[redacted]"],
    ["Authorization: Bearer abc.def-ghi", "Authorization: Bearer [redacted]"],
    [`key ${svcSecret} end`, "key svc_[redacted] end"],
    ["/api/media?tokens_used=1&emigrant=x&q=token", "/api/media?tokens_used=1&emigrant=x&q=token"],
    ["/api/version", "/api/version"],
  ])("%s → %s", (input, output) => {
    expect(redactSecrets(input)).toBe(output);
  });
});

describe("redactLogLine", () => {
  it("masks credential fields, header text and Basic credentials besides what redactSecrets masks", () => {
    const cases: [string, string][] = [
      [
        '{"authorization":"Bearer x","cookie":"sid=1"}',
        '{"authorization":"[redacted]","cookie":"[redacted]"}',
      ],
      ['{"token":"abc","tokens_used":12}', '{"token":"[redacted]","tokens_used":12}'],
      ["authorization=Basic dXNlcjpwYXNz", "authorization=Basic [redacted]"],
      ["proxy-authorization: Digest abc123", "proxy-authorization: Digest [redacted]"],
    ];
    for (const [input, output] of cases) expect(redactLogLine(input), input).toBe(output);
  });

  // pino writes JSON lines; a value pattern that ate a quote would leave one no client can parse.
  it("keeps a JSON line JSON, with every field but the secret as it was", () => {
    const records: [Record<string, unknown>, string[]][] = [
      [{ msg: "request", path: "/api/version?token=tok1&x=1", status: 401 }, ["tok1"]],
      [{ msg: "request", path: "/api/stream?id=1&grant=gr1.sig", status: 200, ms: 1.5 }, ["gr1"]],
      // A backslash or a quote ends the masked part: what follows it may show, the line stays whole.
      [{ msg: "request", path: '/api/media?access_token=at1\\b"c', status: 200 }, ["at1"]],
      [
        {
          err: {
            message: "GET http://h/x?api_key=key1 failed",
            stack: "Error\n    at http://h/?password=pw1",
          },
        },
        ["key1", "pw1"],
      ],
      [{ msg: `curl -H 'Authorization: Bearer be1"x' ${svcSecret}`, n: 3 }, ["be1", svcSecret]],
    ];
    for (const [record, secrets] of records) {
      const line = `${JSON.stringify(record)}\n`;
      const out = redactLogLine(line);
      expect(out.endsWith("\n")).toBe(true);
      expect(Object.keys(JSON.parse(out) as object)).toEqual(Object.keys(record));
      for (const secret of secrets) expect(out, line).not.toContain(secret);
    }
    expect(JSON.parse(redactLogLine(JSON.stringify(records[0]?.[0])))).toEqual({
      msg: "request",
      path: "/api/version?token=[redacted]&x=1",
      status: 401,
    });
  });

  it("changes nothing the second time, nor a line with no secret", () => {
    const line = JSON.stringify({
      path: "/api/x?token=a&grant=b&password=c",
      authorization: "Basic dXNlcjpwYXNzd29yZA==",
      msg: `Bearer zz ${svcSecret}`,
    });
    const once = redactLogLine(line);
    expect(redactLogLine(once)).toBe(once);
    for (const plain of [
      '{"level":30,"msg":"watching project","project":"A"}',
      "token expired for edit bay 2",
    ]) {
      expect(redactLogLine(plain)).toBe(plain);
    }
  });
});
