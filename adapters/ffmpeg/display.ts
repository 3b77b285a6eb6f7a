/**
 * The filters that turn a decoded picture into what a viewer sees, in the order each needs: the
 * deinterlacer first (it reads the fields as coded), the tone map on the full picture, then the
 * turn upright and the stretch to the display size.
 */
export interface DisplayPicture {
  /** Which field is shown first; null or progressive for none. */
  fieldOrder: string | null;
  /** The HDR transfer the source is coded with: `pq` or `hlg`; null for SDR. */
  hdr: string | null;
  /** Clockwise degrees: 0, 90, 180 or 270. */
  rotation: number;
  /** The displayed size, when it differs from the coded one turned upright; null keeps that. */
  size: { width: number; height: number } | null;
}

const TRANSFERS: Record<string, string> = { pq: "smpte2084", hlg: "arib-std-b67" };

/**
 * To BT.709 SDR through linear light: 1.0 is 100 nits (the SDR peak), the primaries go to BT.709
 * and Möbius rolls off the highlights only, keeping mid-tones where SDR has them (Hable darkened
 * a test pattern's mean by a fifth; see docs/media.md).
 */
const toneMap = (transfer: string) =>
  [
    `zscale=tin=${transfer}:t=linear:npl=100`,
    "format=gbrpf32le",
    "zscale=p=bt709",
    "tonemap=mobius:desat=0",
    "zscale=t=bt709:m=bt709:r=tv",
    "format=yuv420p",
  ].join(",");

const TURNS: Record<number, string> = { 90: "transpose=clock", 180: "hflip,vflip", 270: "transpose=cclock" };

/** The filter chain for `picture`, "" when the decoded picture is already what a viewer sees. */
export function displayFilters(picture: DisplayPicture): string {
  const { fieldOrder, hdr, rotation, size } = picture;
  const transfer = hdr === null ? undefined : TRANSFERS[hdr];
  return [
    fieldOrder === "tff" || fieldOrder === "bff"
      ? `bwdif=mode=send_frame:parity=${fieldOrder}:deint=all`
      : "",
    transfer ? toneMap(transfer) : "",
    TURNS[rotation] ?? "",
    size ? `scale=${size.width}:${size.height},setsar=1` : "",
  ]
    .filter((filter) => filter !== "")
    .join(",");
}
