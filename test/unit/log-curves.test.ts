import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUILTIN_PROFILE_IDS,
  type BuiltinProfileId,
  bt709Oetf,
  LOG_PROFILES,
  LUT_SIZE,
  logProfile,
  lutTable,
  shoulder,
  toRec709,
} from "../../formats/log-curves.js";

/** camera-log-curves.md §15: L(0.1), L(0.4), L(0.6) and the mid-grey code. */
const CHECKS: Record<BuiltinProfileId, [number, number, number, number]> = {
  slog3: [0.001077610319, 0.1627640633, 1.036797285, 0.4105571848],
  slog2: [0.003619929299, 0.2838991475, 1.101717914, 0.3395325246],
  vlog: [-0.004464285714, 0.1423889047, 1.008521036, 0.4233114488],
  clog2: [0.0007279309086, 0.1831956249, 1.293975529, 0.398254692],
  clog3: [-0.0114453061, 0.282284436, 1.139523504, 0.3433893704],
  logc3: [0.001339691169, 0.1965506783, 1.317607586, 0.391006832],
  logc4: [0.00227472822, 0.7376749034, 6.481583651, 0.2783958365],
  flog: [0.0008168843212, 0.1155322589, 0.4872884856, 0.4593184587],
  flog2: [0.0008109587621, 0.1968833088, 1.351678968, 0.3910072419],
  nlog: [-0.003601596115, 0.2419978487, 0.9659273384, 0.3636677701],
  log3g10: [0.001487011795, 0.3730041282, 3.018511427, 0.333332912],
  bmdfilm5: [0.0009095370587, 0.2186131018, 2.231434228, 0.3835616438],
};

// The reference values carry 10 significant digits; Canon Log 2 differs in the 9th (its divisor).
const relTolerance = (id: BuiltinProfileId) => (id === "clog2" ? 1e-7 : 1e-9);
const close = (actual: number, expected: number, rel: number) =>
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(
    Math.abs(expected) * rel,
  );

/** y with decode(y) = 0.18, by bisection (every curve rises monotonically). */
function midGreyCode(decode: (y: number) => number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (decode(mid) < 0.18) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** A neutral input's output per §13.2's unit-test tip. */
const neutral = (id: BuiltinProfileId, y: number) =>
  bt709Oetf(shoulder(Math.max(0, logProfile(id).decode(y))));

describe("the built-in profiles", () => {
  it("are the twelve ids, each with a name, a camera and a gamma", () => {
    expect(LOG_PROFILES.map((p) => p.id)).toEqual([...BUILTIN_PROFILE_IDS]);
    expect(BUILTIN_PROFILE_IDS).toHaveLength(12);
    for (const p of LOG_PROFILES) {
      expect(p.name.length).toBeGreaterThan(0);
      expect(p.camera.length).toBeGreaterThan(0);
      expect(p.gamma.length).toBeGreaterThan(0);
    }
  });

  it.each(BUILTIN_PROFILE_IDS.map((id) => [id]))("%s decodes the §15 check values", (id) => {
    const [l1, l4, l6, grey] = CHECKS[id];
    const { decode } = logProfile(id);
    close(decode(0.1), l1, relTolerance(id));
    close(decode(0.4), l4, relTolerance(id));
    close(decode(0.6), l6, relTolerance(id));
    close(midGreyCode(decode), grey, id === "clog2" ? 1e-7 : 1e-9);
  });

  it.each(BUILTIN_PROFILE_IDS.map((id) => [id]))("%s puts 18 %% grey at 0.409", (id) => {
    const grey = CHECKS[id][3];
    for (const channel of toRec709(logProfile(id), grey, grey, grey)) {
      expect(Math.abs(channel - 0.409)).toBeLessThan(0.001);
    }
  });

  it("has gamut matrices whose rows sum to 1", () => {
    for (const p of LOG_PROFILES) {
      for (const row of p.toRec709) expect(Math.abs(row[0] + row[1] + row[2] - 1)).toBeLessThan(2e-9);
    }
  });

  it("keeps every neutral neutral, at OETF(shoulder(max(0, decode(y))))", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BUILTIN_PROFILE_IDS),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (id, y) => {
          const [r, g, b] = toRec709(logProfile(id), y, y, y);
          const want = Math.min(1, neutral(id, y));
          return Math.abs(r - want) < 1e-6 && Math.abs(g - want) < 1e-6 && Math.abs(b - want) < 1e-6;
        },
      ),
    );
  });

  it("gives the §13.2 values for a neutral 0.4", () => {
    const want: [BuiltinProfileId, number][] = [
      ["slog3", 0.386511],
      ["logc3", 0.42952],
      ["logc4", 0.859378],
      ["log3g10", 0.606129],
    ];
    for (const [id, value] of want) {
      for (const channel of toRec709(logProfile(id), 0.4, 0.4, 0.4))
        expect(Math.abs(channel - value)).toBeLessThan(5e-7);
    }
  });

  it("keeps every output within 0..1, whatever the input colour", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...BUILTIN_PROFILE_IDS),
        fc.tuple(
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 1, noNaN: true }),
        ),
        (id, [r, g, b]) => toRec709(logProfile(id), r, g, b).every((v) => v >= 0 && v <= 1),
      ),
    );
  });
});

describe("the highlight shoulder and the OETF", () => {
  it("match the §13.2 and §13 check values", () => {
    close(shoulder(1), 0.9, 1e-12);
    close(shoulder(2), 0.9714285714, 1e-10);
    close(shoulder(4), 0.9882352941, 1e-10);
    expect(shoulder(0.5)).toBe(0.5);
    close(bt709Oetf(0.18), 0.4090077289, 1e-10);
    // The reference gives 0.081 to three places; BT.709's branches meet within 3e-4 at the break.
    expect(Math.abs(bt709Oetf(0.018) - 0.081)).toBeLessThan(5e-4);
    close(bt709Oetf(0.0179999), 4.5 * 0.0179999, 1e-12);
    close(bt709Oetf(1), 1, 1e-12);
  });

  it("is continuous with slope 1 at the knee and never decreases", () => {
    close(shoulder(0.8 + 1e-9), 0.8 + 1e-9, 1e-12);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 1000, noNaN: true }),
        (a, b) => (a <= b ? shoulder(a) <= shoulder(b) : shoulder(a) >= shoulder(b)),
      ),
    );
    // Neighbouring inputs near the top, where rounding once made the curve dip (a seed of CI's).
    for (let x = 999.9999999996; x < 999.9999999998; x += 1e-13)
      expect(shoulder(x + 1e-13)).toBeGreaterThanOrEqual(shoulder(x));
    expect(shoulder(999.9999999997065)).toBeGreaterThanOrEqual(shoulder(999.9999999996913));
  });
});

describe("a profile's LUT table", () => {
  it("holds 33³ triples, red fastest, with the check values at the grid points", () => {
    for (const id of ["slog3", "logc4", "log3g10"] as const) {
      const table = lutTable(logProfile(id));
      expect(table).toHaveLength(LUT_SIZE ** 3 * 3);
      const at = (r: number, g: number, b: number) => {
        const i = 3 * (r + LUT_SIZE * g + LUT_SIZE * LUT_SIZE * b);
        return [table[i], table[i + 1], table[i + 2]];
      };
      for (const i of [0, 8, 16, 20, 32]) {
        const want = Math.min(1, neutral(id, i / 32));
        for (const v of at(i, i, i)) expect(Math.abs((v as number) - want)).toBeLessThan(1e-9);
      }
      // Red fastest: the entry after (0,0,0) is pure red, which a gamut matrix makes red-dominant.
      const [r1, g1, b1] = at(32, 0, 0) as [number, number, number];
      expect(table[3 * 32]).toBe(r1);
      expect(r1).toBeGreaterThan(g1);
      expect(r1).toBeGreaterThan(b1);
      expect(at(0, 32, 0)[1]).toBe(table[3 * 32 * LUT_SIZE + 1]);
    }
  });
});
