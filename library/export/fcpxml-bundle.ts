import type { Readable } from "node:stream";
import yazl from "yazl";

/**
 * A `.fcpxmld` bundle, zipped: the folder Final Cut Pro 10.6 and later import, holding the
 * document as `Info.fcpxml`. A zip because a download is one file; unzipped, the folder is what
 * File → Import → XML takes.
 */
export function zipFcpxmlBundle(folder: string, document: Buffer): Readable {
  const zip = new yazl.ZipFile();
  zip.addBuffer(document, `${folder}/Info.fcpxml`);
  zip.end();
  return zip.outputStream as Readable;
}
