// Watches the LAN for DNS-SD services of one type (argv[2]) and prints each one that comes
// (`up`) or says goodbye (`down`) as a JSON line: a test reads them as they happen. Run inside
// a test's own network namespace.
import Bonjour from "bonjour-service";

const bonjour = new Bonjour({ bind: "0.0.0.0" }, (error) => process.stderr.write(`${error.message}\n`));
const browser = bonjour.find({ type: process.argv[2] });
for (const event of ["up", "down"])
  browser.on(event, (service) => process.stdout.write(`${JSON.stringify({ event, name: service.name })}\n`));
process.stdout.write(`${JSON.stringify({ event: "watching" })}\n`);
