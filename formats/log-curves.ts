/**
 * Camera log curves and their Rec.709 display transform, per
 * ../shared/reference/camera-log-curves.md. Every constant is the published one, quirks included
 * (F-Log's cut2 that is not e·cut1 + f, N-Log's small step at its break): a LUT that "fixes" them
 * would disagree with the camera vendor's own.
 */

export type Matrix3 = readonly [
  readonly [number, number, number],
  readonly [number, number, number],
  readonly [number, number, number],
];

export interface LogProfile {
  readonly id: BuiltinProfileId;
  readonly name: string;
  readonly camera: string;
  readonly gamma: string;
  readonly gamut: string;
  /** Normalised code value (CV / 1023, data levels) to scene-linear, 18 % grey = 0.18. */
  readonly decode: (y: number) => number;
  /** Camera gamut to Rec.709, linear; every row sums to 1 so neutrals stay neutral. */
  readonly toRec709: Matrix3;
}

export const BUILTIN_PROFILE_IDS = [
  "slog3",
  "slog2",
  "vlog",
  "clog2",
  "clog3",
  "logc3",
  "logc4",
  "flog",
  "flog2",
  "nlog",
  "log3g10",
  "bmdfilm5",
] as const;
export type BuiltinProfileId = (typeof BUILTIN_PROFILE_IDS)[number];

const S_GAMUT3_CINE: Matrix3 = [
  [1.6269474097, -0.5401385389, -0.0868088709],
  [-0.1785155271, 1.4179409275, -0.2394254003],
  [-0.044436115, -0.1959199662, 1.2403560812],
];
const S_GAMUT: Matrix3 = [
  [1.8779151284, -0.7941687613, -0.0837463671],
  [-0.1768069813, 1.3509996209, -0.1741926396],
  [-0.0262011264, -0.1484222623, 1.1746233888],
];
const V_GAMUT: Matrix3 = [
  [1.8065758837, -0.6956972741, -0.1108786096],
  [-0.1700903431, 1.3059552161, -0.135864873],
  [-0.025205784, -0.1544683294, 1.1796741134],
];
const CINEMA_GAMUT: Matrix3 = [
  [1.9238612959, -0.7987606632, -0.1251006327],
  [-0.2043108482, 1.4958985098, -0.2915876616],
  [-0.023685021, -0.420127011, 1.443812032],
];
const AWG3: Matrix3 = [
  [1.6175234363, -0.5372866222, -0.0802368141],
  [-0.0705727409, 1.3346130623, -0.2640403214],
  [-0.021101728, -0.2269538752, 1.2480556033],
];
const AWG4: Matrix3 = [
  [1.8931234427, -0.7808815036, -0.112241939],
  [-0.2057003583, 1.3402574894, -0.1345571311],
  [-0.0127057429, -0.1521848758, 1.1648906187],
];
const BT2020: Matrix3 = [
  [1.6604910021, -0.5876411388, -0.0728498633],
  [-0.1245504745, 1.1328998971, -0.0083494226],
  [-0.0181507634, -0.100578898, 1.1187296614],
];
const RWG: Matrix3 = [
  [1.981976018, -0.9004318366, -0.0815441813],
  [-0.1781431821, 1.5004683579, -0.3223251759],
  [-0.101795966, -0.5352634592, 1.6370594252],
];
const BMD_WG5: Matrix3 = [
  [1.5684149691, -0.5226802154, -0.0457347537],
  [-0.0863591234, 1.3449223531, -0.2585632297],
  [-0.0520477815, -0.2491731294, 1.3012209108],
];

function slog3(y: number): number {
  const break10 = 171.2102946929;
  const cv = 1023 * y;
  return cv >= break10 ? 10 ** ((cv - 420) / 261.5) * 0.19 - 0.01 : ((cv - 95) * 0.01125) / (break10 - 95);
}

function slog2(y: number): number {
  // S-Log2 works on legal-to-full data; the published curve is S-Log1 with a 219/155 gain.
  const v = (1023 * y - 64) / 876;
  const gain = 0.9 * (219 / 155);
  const cut = 0.030001222851889303;
  return v >= cut ? gain * (10 ** ((v - 0.616596 - 0.03) / 0.432699) - 0.037584) : (gain * (v - cut)) / 5;
}

function vlog(y: number): number {
  return y < 0.181 ? (y - 0.125) / 5.6 : 10 ** ((y - 0.598206) / 0.241514) - 0.00873;
}

function clog2(y: number): number {
  const cut = 0.092864125;
  const c = 0.24136077;
  return y < cut
    ? (-0.9 * (10 ** ((cut - y) / c) - 1)) / 87.099375
    : (0.9 * (10 ** ((y - cut) / c) - 1)) / 87.099375;
}

function clog3(y: number): number {
  const c = 0.36726845;
  if (y < 0.097465473) return (-0.9 * (10 ** ((0.12783901 - y) / c) - 1)) / 14.98325;
  if (y <= 0.15277891) return (0.9 * (y - 0.12512219)) / 1.9754798;
  return (0.9 * (10 ** ((y - 0.12240537) / c) - 1)) / 14.98325;
}

function logc3(y: number): number {
  const [cut, a, b, c, d, e, f] = [0.010591, 5.555556, 0.052272, 0.24719, 0.385537, 5.367655, 0.092809];
  return y > e * cut + f ? (10 ** ((y - d) / c) - b) / a : (y - f) / e;
}

function logc4(y: number): number {
  const a = (2 ** 18 - 16) / 117.45;
  const b = (1023 - 95) / 1023;
  const c = 95 / 1023;
  const s = (7 * Math.LN2 * 2 ** (7 - (14 * c) / b)) / (a * b);
  const t = (2 ** (14 * (-c / b) + 6) - 64) / a;
  return y >= 0 ? (2 ** ((14 * (y - c)) / b + 6) - 64) / a : y * s + t;
}

/** F-Log and F-Log2 share one form; only the constants differ. */
function fujifilm(cut2: number, a: number, b: number, c: number, d: number, e: number, f: number) {
  return (y: number) => (y >= cut2 ? 10 ** ((y - d) / c) / a - b / a : (y - f) / e);
}

function nlog(y: number): number {
  return y < 452 / 1023 ? (y / (650 / 1023)) ** 3 - 0.0075 : Math.exp((y - 619 / 1023) / (150 / 1023));
}

function log3g10(y: number): number {
  const [a, b, c, g] = [0.224282, 155.975327, 0.01, 15.1927];
  return y >= 0 ? (10 ** (y / a) - 1) / b - c : y / g - c;
}

function bmdfilm5(y: number): number {
  const A = 0.08692876065491224;
  const B = 0.005494072432257808;
  const C = 0.5300133392291939;
  const D = 8.283605932402494;
  const E = 0.09246575342465753;
  return y < D * 0.005 + E ? (y - E) / D : Math.exp((y - C) / A) - B;
}

export const LOG_PROFILES: readonly LogProfile[] = [
  {
    id: "slog3",
    name: "Sony S-Log3 / S-Gamut3.Cine",
    camera: "Sony",
    gamma: "S-Log3",
    gamut: "S-Gamut3.Cine",
    decode: slog3,
    toRec709: S_GAMUT3_CINE,
  },
  {
    id: "slog2",
    name: "Sony S-Log2 / S-Gamut",
    camera: "Sony",
    gamma: "S-Log2",
    gamut: "S-Gamut",
    decode: slog2,
    toRec709: S_GAMUT,
  },
  {
    id: "vlog",
    name: "Panasonic V-Log / V-Gamut",
    camera: "Panasonic",
    gamma: "V-Log",
    gamut: "V-Gamut",
    decode: vlog,
    toRec709: V_GAMUT,
  },
  {
    id: "clog2",
    name: "Canon Log 2 / Cinema Gamut",
    camera: "Canon",
    gamma: "Canon Log 2",
    gamut: "Cinema Gamut",
    decode: clog2,
    toRec709: CINEMA_GAMUT,
  },
  {
    id: "clog3",
    name: "Canon Log 3 / Cinema Gamut",
    camera: "Canon",
    gamma: "Canon Log 3",
    gamut: "Cinema Gamut",
    decode: clog3,
    toRec709: CINEMA_GAMUT,
  },
  {
    id: "logc3",
    name: "ARRI LogC3 (EI 800) / ARRI Wide Gamut 3",
    camera: "ARRI",
    gamma: "LogC3",
    gamut: "ARRI Wide Gamut 3",
    decode: logc3,
    toRec709: AWG3,
  },
  {
    id: "logc4",
    name: "ARRI LogC4 / ARRI Wide Gamut 4",
    camera: "ARRI",
    gamma: "LogC4",
    gamut: "ARRI Wide Gamut 4",
    decode: logc4,
    toRec709: AWG4,
  },
  {
    id: "flog",
    name: "Fujifilm F-Log / F-Gamut",
    camera: "Fujifilm",
    gamma: "F-Log",
    gamut: "F-Gamut",
    decode: fujifilm(0.100537775223865, 0.555556, 0.009468, 0.344676, 0.790453, 8.735631, 0.092864),
    toRec709: BT2020,
  },
  {
    id: "flog2",
    name: "Fujifilm F-Log2 / F-Gamut",
    camera: "Fujifilm",
    gamma: "F-Log2",
    gamut: "F-Gamut",
    decode: fujifilm(0.100686685370811, 5.555556, 0.064829, 0.245281, 0.384316, 8.799461, 0.092864),
    toRec709: BT2020,
  },
  {
    id: "nlog",
    name: "Nikon N-Log / Rec.2020",
    camera: "Nikon",
    gamma: "N-Log",
    gamut: "Rec.2020",
    decode: nlog,
    toRec709: BT2020,
  },
  {
    id: "log3g10",
    name: "RED Log3G10 / REDWideGamutRGB",
    camera: "RED",
    gamma: "Log3G10",
    gamut: "REDWideGamutRGB",
    decode: log3g10,
    toRec709: RWG,
  },
  {
    id: "bmdfilm5",
    name: "Blackmagic Film Gen 5 / Wide Gamut",
    camera: "Blackmagic Design",
    gamma: "Blackmagic Film Gen 5",
    gamut: "Blackmagic Wide Gamut Gen 5",
    decode: bmdfilm5,
    toRec709: BMD_WG5,
  },
];

export const isBuiltinProfileId = (id: string): id is BuiltinProfileId =>
  (BUILTIN_PROFILE_IDS as readonly string[]).includes(id);

export function logProfile(id: BuiltinProfileId): LogProfile {
  const profile = LOG_PROFILES.find((p) => p.id === id);
  if (!profile) throw new Error(`no built-in profile ${id}`);
  return profile;
}

/** Where the highlight shoulder starts: everything below the knee passes untouched. */
export const SHOULDER_KNEE = 0.8;

/** C1-continuous highlight roll-off (§13.2): slope 1 at the knee, approaching 1.0 asymptotically. */
export function shoulder(linear: number, knee = SHOULDER_KNEE): number {
  if (linear <= knee) return linear;
  const u = (linear - knee) / (1 - knee);
  // u / (1 + u), written so that every rounding step is monotonic: as a quotient of two rounded
  // values it dipped by one unit in the last place between neighbouring inputs near 1000.
  return knee + (1 - knee) * (1 - 1 / (1 + u));
}

/** ITU-R BT.709 OETF: scene light to signal. */
export function bt709Oetf(linear: number): number {
  return linear < 0.018 ? 4.5 * linear : 1.099 * linear ** 0.45 - 0.099;
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * One grid point through §13.2: decode → gamut matrix → clamp negatives → shoulder → OETF → [0,1].
 * The shoulder is applied per channel, not to max(R, G, B): a channel-wise roll-off pulls bright
 * saturated colours toward white as a camera's own Rec.709 LUT does, where a hue-preserving one
 * would leave an overexposed sky or neon sign fully saturated, which reads as clipping on a
 * thumbnail. Neutrals are unaffected either way.
 */
export function toRec709(profile: LogProfile, r: number, g: number, b: number): [number, number, number] {
  const linear = [profile.decode(r), profile.decode(g), profile.decode(b)];
  return profile.toRec709.map((row) => {
    const mixed =
      row[0] * (linear[0] as number) + row[1] * (linear[1] as number) + row[2] * (linear[2] as number);
    return clamp01(bt709Oetf(shoulder(Math.max(0, mixed))));
  }) as [number, number, number];
}

/** The usual size of a generated LUT: fine enough for a log curve, small enough to write at once. */
export const LUT_SIZE = 33;

/**
 * The profile's 3D table, red changing fastest (the .cube order): entry (r, g, b) at
 * 3·(r + N·g + N²·b).
 */
export function lutTable(profile: LogProfile, size = LUT_SIZE): Float64Array {
  const table = new Float64Array(size ** 3 * 3);
  const step = 1 / (size - 1);
  let at = 0;
  for (let b = 0; b < size; b++) {
    for (let g = 0; g < size; g++) {
      for (let r = 0; r < size; r++) {
        const out = toRec709(profile, r * step, g * step, b * step);
        table[at++] = out[0];
        table[at++] = out[1];
        table[at++] = out[2];
      }
    }
  }
  return table;
}
