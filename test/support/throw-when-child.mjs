// Preloaded (`node --import`) into an svc under test. SVC_TEST_THROW_WHEN_CHILD="PROGRAM ARGUMENT":
// once svc has a child running PROGRAM with an argument containing ARGUMENT (a file of the pass, so
// not a start-up probe), a timer throws an uncaught error 300 ms later (time for the test to record
// the children), so a test can check what an uncaught error leaves behind.
import { readdirSync, readFileSync } from "node:fs";

const [program, argument] = (process.env.SVC_TEST_THROW_WHEN_CHILD ?? "").split(" ");

function hasChild() {
  for (const task of readdirSync(`/proc/${process.pid}/task`)) {
    let children = "";
    try {
      children = readFileSync(`/proc/${process.pid}/task/${task}/children`, "utf8");
    } catch {
      continue;
    }
    for (const pid of children.split(/\s+/).filter(Boolean)) {
      try {
        const [bin = "", ...args] = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        if (bin.split("/").pop() === program && args.some((a) => a.includes(argument))) return true;
      } catch {}
    }
  }
  return false;
}

if (program && argument) {
  const timer = setInterval(() => {
    if (!hasChild()) return;
    clearInterval(timer);
    setTimeout(() => {
      throw new Error(`injected fault: uncaught error while ${program} works on ${argument}`);
    }, 300);
  }, 20);
  timer.unref();
}
