import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryMatches, levelName, parseLogLine } from "../../domain/log-entry.js";
import { entryLine, fieldsText, fieldValue, levelLabel, localTime } from "../../web/src/ops/log-line.js";
import { etaText, progressFigures, rateText } from "../../web/src/ops/progress.js";

// Local time is the reader's: these tests read it in one fixed zone.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Europe/Berlin";
});
afterAll(() => {
  process.env.TZ = zone;
});

describe("parseLogLine", () => {
  it("splits a pino record into time, level, message and flattened fields in written order", () => {
    const line = JSON.stringify({
      level: 50,
      time: "2025-03-14T08:26:53.120Z",
      pid: 7,
      job: "a1",
      err: { type: "Error", message: "no such file" },
      problems: ["x", "y"],
      empty: {},
      ok: true,
      gone: null,
      msg: "ingest job failed",
    });
    expect(parseLogLine(line)).toEqual({
      time: "2025-03-14T08:26:53.120Z",
      level: 50,
      msg: "ingest job failed",
      fields: [
        ["pid", 7],
        ["job", "a1"],
        ["err.type", "Error"],
        ["err.message", "no such file"],
        ["problems.0", "x"],
        ["problems.1", "y"],
        ["empty", "{}"],
        ["ok", true],
        ["gone", null],
      ],
    });
  });

  it("takes a line that is not a record as its text, with no level or time", () => {
    for (const line of ["plain text", "[1,2]", "null", '"quoted"', "{broken"])
      expect(parseLogLine(line)).toEqual({ time: null, level: null, msg: line, fields: [] });
    expect(parseLogLine('{"level":"info","time":0}')).toEqual({
      time: "1970-01-01T00:00:00.000Z",
      level: null,
      msg: "",
      fields: [],
    });
  });

  it("names pino's levels and shows an unnamed one by its number", () => {
    expect([10, 20, 30, 40, 50, 60, 35, null].map(levelName)).toEqual([
      "trace",
      "debug",
      "info",
      "warn",
      "error",
      "fatal",
      "35",
      "-",
    ]);
  });
});

describe("entryMatches", () => {
  const entry = parseLogLine(
    JSON.stringify({
      level: 40,
      time: "2025-03-14T08:26:53.120Z",
      project: "footage",
      path: "Day1/A.mov",
      msg: "Slow probe",
    }),
  );
  it("keeps this level and worse", () => {
    expect(entryMatches(entry, { level: "info" })).toBe(true);
    expect(entryMatches(entry, { level: "warn" })).toBe(true);
    expect(entryMatches(entry, { level: "error" })).toBe(false);
    expect(entryMatches(parseLogLine("plain"), { level: "trace" })).toBe(false);
    expect(entryMatches(parseLogLine("plain"), {})).toBe(true);
  });
  it("finds text in the message and fields, whatever its case", () => {
    expect(entryMatches(entry, { text: "slow" })).toBe(true);
    expect(entryMatches(entry, { text: "day1/a.MOV" })).toBe(true);
    expect(entryMatches(entry, { text: "path=Day1" })).toBe(true);
    expect(entryMatches(entry, { text: "fast" })).toBe(false);
  });
  it("matches the project field exactly and times at or after since", () => {
    expect(entryMatches(entry, { project: "footage" })).toBe(true);
    expect(entryMatches(entry, { project: "foot" })).toBe(false);
    expect(entryMatches(entry, { since: "2025-03-14T08:26:53.120Z" })).toBe(true);
    expect(entryMatches(entry, { since: "2025-03-14T09:26:53.121+01:00" })).toBe(false);
    expect(entryMatches(parseLogLine("plain"), { since: "2000-01-01T00:00:00Z" })).toBe(false);
  });
});

describe("the log line", () => {
  it("shows the time in the reader's zone, to the second", () => {
    expect(localTime("2025-03-14T08:26:53.920Z")).toBe("2025-03-14 09:26:53");
    expect(localTime("2025-07-01T23:00:00.000Z")).toBe("2025-07-02 01:00:00");
    expect(localTime(null)).toBe("-");
    expect(localTime("not a time")).toBe("not a time");
  });

  it("quotes a value with spaces, quotes, equals signs, backslashes or line breaks, and an empty one", () => {
    expect(fieldValue("day1/a.mov")).toBe("day1/a.mov");
    expect(fieldValue(12.5)).toBe("12.5");
    expect(fieldValue(false)).toBe("false");
    expect(fieldValue(null)).toBe("null");
    expect(fieldValue("two words")).toBe('"two words"');
    expect(fieldValue('say "hi"')).toBe('"say \\"hi\\""');
    expect(fieldValue("it's")).toBe('"it\'s"');
    expect(fieldValue("a=b")).toBe('"a=b"');
    expect(fieldValue("C:\\x")).toBe('"C:\\\\x"');
    expect(fieldValue("line\nbreak")).toBe('"line\\nbreak"');
    expect(fieldValue("tab\there")).toBe('"tab\\there"');
    expect(fieldValue("")).toBe('""');
    expect(
      fieldsText([
        ["job", "a1"],
        ["reason", "no such file"],
      ]),
    ).toBe('job=a1 reason="no such file"');
  });

  it("is time, level label, message and fields, never JSON", () => {
    const line = JSON.stringify({
      level: 30,
      time: "2025-03-14T08:26:53.120Z",
      pid: 7,
      method: "GET",
      path: "/api/media",
      status: 200,
      msg: "request",
    });
    expect(entryLine(parseLogLine(line))).toBe(
      "2025-03-14 09:26:53 INFO  request pid=7 method=GET path=/api/media status=200",
    );
    expect(entryLine(parseLogLine('{"level":50,"time":"2025-03-14T08:26:53Z","msg":"two\\nlines"}'))).toBe(
      "2025-03-14 09:26:53 ERROR two lines",
    );
    expect(entryLine(parseLogLine("not json"))).toBe("- -     not json");
    expect(levelLabel(40)).toBe("WARN ");
  });
});

describe("progress figures", () => {
  const start = "2025-03-14T08:00:00.000Z";
  const at = (s: number) => Date.parse(start) + s * 1000;

  it("gives the fraction, the rate and the time left", () => {
    expect(progressFigures({ done: 5, total: 20, startedAt: start, now: at(10) })).toEqual({
      fraction: 0.25,
      rate: 0.5,
      etaS: 30,
    });
    expect(progressFigures({ done: 20, total: 20, startedAt: start, now: at(10) })).toEqual({
      fraction: 1,
      rate: 2,
      etaS: 0,
    });
  });

  it("has no rate before time passes or anything is done, and so no time left", () => {
    expect(progressFigures({ done: 3, total: 10, startedAt: start, now: at(0) })).toEqual({
      fraction: 0.3,
      rate: null,
      etaS: null,
    });
    expect(progressFigures({ done: 0, total: 10, startedAt: start, now: at(5) })).toEqual({
      fraction: 0,
      rate: null,
      etaS: null,
    });
    expect(progressFigures({ done: 3, total: 10, startedAt: null, now: at(5) }).rate).toBeNull();
    // A clock behind the job's start is no negative rate.
    expect(progressFigures({ done: 3, total: 10, startedAt: start, now: at(-5) }).rate).toBeNull();
  });

  it("has no fraction or time left without a total, and a rate still", () => {
    expect(progressFigures({ done: 4, total: null, startedAt: start, now: at(2) })).toEqual({
      fraction: null,
      rate: 2,
      etaS: null,
    });
    expect(progressFigures({ done: 0, total: 0, startedAt: start, now: at(2) })).toEqual({
      fraction: 1,
      rate: null,
      etaS: null,
    });
    expect(progressFigures({ done: 12, total: 10, startedAt: start, now: at(2) }).fraction).toBe(1);
  });

  it("says the time left and the rate in words", () => {
    expect([null, Number.POSITIVE_INFINITY, 0, 0.2, 44.1, 65, 3599, 3600, 7620].map(etaText)).toEqual([
      "–",
      "–",
      "0 s",
      "1 s",
      "45 s",
      "1 min 05 s",
      "59 min 59 s",
      "1 h 00 min",
      "2 h 07 min",
    ]);
    expect(rateText(null, "files")).toBe("–");
    expect(rateText(2.345, "files")).toBe("2.3 files/s");
    expect(rateText(1234.5, "clips")).toBe("1,235 clips/s");
  });
});
