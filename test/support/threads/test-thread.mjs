// A worker for the thread-pool tests (plain JS: worker threads cannot load the TypeScript sources).
// Requests: { echo } answers it; { crash: file } exits the thread while `file` does not exist yet
// (creating it, so a retry on a fresh thread succeeds); { crashAlways } always exits;
// { sleepMs } answers after a while.
import { existsSync, writeFileSync } from "node:fs";
import { answerRequests } from "../../../dist/library/search/thread-pool.js";

answerRequests(
  async (request) => {
    if (request.crashAlways) process.exit(3);
    if (request.crash) {
      if (!existsSync(request.crash)) {
        writeFileSync(request.crash, "crashed once");
        process.exit(3);
      }
      return "survived";
    }
    if (request.sleepMs) await new Promise((resolve) => setTimeout(resolve, request.sleepMs));
    return request.echo ?? "slept";
  },
  { serial: false },
);
