import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createAsrServers } from "../../adapters/asr/pool.js";
import { BACKOFF_FIRST_MS } from "../../adapters/host-pool.js";
import { type AsrTestServer, startAsrServer } from "../support/asr-server.js";
import { FakeClock } from "../support/fake-clock.js";
import { tempWorkspace } from "../support/temp.js";

/** Half a second of silence as a 16 kHz mono 16-bit PCM WAV. */
function silence(): Buffer {
  const data = 16_000;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data, 4);
  header.write("WAVEfmt ", 8, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

describe("several transcription servers (SVC_ASR_URLS)", () => {
  let wav: string;
  let servers: AsrTestServer[] = [];
  const opts = () => ({ signal: new AbortController().signal, timeoutMs: 10_000 });

  beforeAll(async () => {
    const ws = await tempWorkspace("svc-asr-servers-");
    wav = join(ws.base, "silence.wav");
    await writeFile(wav, silence());
    return () => ws.cleanup();
  });

  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });

  const start = async (n: number) => {
    servers = await Promise.all(Array.from({ length: n }, () => startAsrServer()));
    return servers;
  };

  it("takes turns between the servers", async () => {
    const [a, b] = (await start(2)) as [AsrTestServer, AsrTestServer];
    const { asr } = createAsrServers([a.url, b.url]);
    for (let i = 0; i < 4; i++) expect((await asr.transcribe(wav, opts())).words.length).toBeGreaterThan(0);
    expect([a.requests.length, b.requests.length]).toEqual([2, 2]);
  });

  it("a failing server's request is served by the other, and it stays out until its time out is over", async () => {
    const clock = new FakeClock(Date.now());
    const [a, b] = (await start(2)) as [AsrTestServer, AsrTestServer];
    const pool = createAsrServers([a.url, b.url], { now: () => clock.now() });
    a.failNext(503, "the model is loading");
    expect((await pool.asr.transcribe(wav, opts())).words.length).toBeGreaterThan(0);
    expect([a.requests.length, b.requests.length]).toEqual([1, 1]);
    expect(pool.report()[0]).toMatchObject({
      reachable: false,
      outUntil: clock.now() + BACKOFF_FIRST_MS,
      lastError: expect.stringMatching(/answered 503 .*the model is loading/),
    });
    for (let i = 0; i < 2; i++) await pool.asr.transcribe(wav, opts());
    expect([a.requests.length, b.requests.length]).toEqual([1, 3]);
    await clock.advance(BACKOFF_FIRST_MS);
    for (let i = 0; i < 2; i++) await pool.asr.transcribe(wav, opts());
    expect([a.requests.length, b.requests.length]).toEqual([2, 4]);
    expect(pool.report()[0]).toMatchObject({ reachable: true, outUntil: null, failures: 0 });
  });

  it("a server that is gone is passed over; a 4xx answer is the request's fault and not retried", async () => {
    const [a, b] = (await start(2)) as [AsrTestServer, AsrTestServer];
    await a.close();
    const pool = createAsrServers([a.url, b.url]);
    expect((await pool.asr.transcribe(wav, opts())).words.length).toBeGreaterThan(0);
    expect(pool.report()[0]?.lastError).toMatch(/is unreachable/);
    b.failNext(400, "unsupported audio");
    await expect(pool.asr.transcribe(wav, opts())).rejects.toThrow(/answered 400 .*unsupported audio/);
    expect(b.requests.length).toBe(2);
    expect(pool.report()[1]?.outUntil).toBeNull();
  });

  it("with one URL, a failure is reported as before and the next request goes to the same server", async () => {
    const [a] = (await start(1)) as [AsrTestServer];
    const pool = createAsrServers([a.url]);
    a.failNext(500, "the model crashed");
    await expect(pool.asr.transcribe(wav, opts())).rejects.toThrow(
      `transcription server ${a.url}/v1/audio/transcriptions answered 500 Internal Server Error: the model crashed`,
    );
    expect((await pool.asr.transcribe(wav, opts())).words.length).toBeGreaterThan(0);
  });
});
