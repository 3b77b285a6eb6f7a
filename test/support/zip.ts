import yauzl from "yauzl";

/** Every entry of a zip, read through its central directory, by name in the order stored. */
export function readZip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      data,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) return reject(error);
        const entries = new Map<string, Buffer>();
        zip.on("entry", (entry: yauzl.Entry) => {
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError);
            const chunks: Buffer[] = [];
            stream.on("data", (chunk: Buffer) => chunks.push(chunk));
            stream.on("error", reject);
            stream.on("end", () => {
              entries.set(entry.fileName, Buffer.concat(chunks));
              zip.readEntry();
            });
          });
        });
        zip.on("end", () => resolve(entries));
        zip.on("error", reject);
        zip.readEntry();
      },
    );
  });
}
