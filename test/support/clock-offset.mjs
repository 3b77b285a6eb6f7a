// Preloaded into a daemon (`node --import`) to run it with a wall clock SVC_TEST_CLOCK_OFFSET_MS
// off the machine's, as a workstation whose clock drifted would: every Date it makes and
// Date.now() are shifted; the monotonic clock (performance.now, hrtime) is not, as on a real machine.
const offset = Number(process.env.SVC_TEST_CLOCK_OFFSET_MS ?? 0);
const RealDate = Date;

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }

  static now() {
    return RealDate.now() + offset;
  }
}

globalThis.Date = ShiftedDate;
