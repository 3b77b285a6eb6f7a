// A worker for the thread-pool tests that answers one request at a time, as the search threads do.
// Requests: { echo } answers it; { handled: true } answers how many requests it has handled, this
// one included; { blockOn: fifo, reading } blocks in a read of that named pipe, a system call that
// stopping the thread cannot interrupt (as a read from a drive that stopped answering), until a byte
// is written to it; `reading` (an Int32Array on shared memory) is set to 1 just before.
import { closeSync, constants, openSync, readSync } from "node:fs";
import { answerRequests } from "../../../dist/library/search/thread-pool.js";

let handled = 0;
answerRequests(
  async (request) => {
    handled += 1;
    if (request.handled) return handled;
    if (request.blockOn) {
      // Read and write, so opening does not wait for a writer; the read waits for a byte.
      const fd = openSync(request.blockOn, constants.O_RDWR);
      if (request.reading) Atomics.store(request.reading, 0, 1);
      try {
        readSync(fd, Buffer.alloc(1));
      } finally {
        closeSync(fd);
      }
      return "unblocked";
    }
    return request.echo;
  },
  { serial: true },
);
