import { describe, expect, it } from "vitest";
import { svc } from "../support/cli.js";
import { docPages, svcCommands } from "../support/docs.js";

/**
 * Every `svc` command the manual shows exists, with the subcommand and flags it is shown with: each
 * is checked against the usage the built CLI prints for it (`svc <command> --help`), so a flag that
 * is renamed or removed fails here until the page that shows it is changed. (`--help` itself is
 * taken by every command: each answers it with its usage.)
 */
describe("the svc commands of the manual", () => {
  it("name commands, subcommands and flags the CLI has", async () => {
    const shown = docPages()
      .flatMap((page) => svcCommands(page).map((words) => ({ file: page.file, words })))
      .filter(({ words }) => words[0] !== "…"); // `npx svc …`: any command
    expect(shown.length).toBeGreaterThan(50);

    const usage = new Map<string, string>();
    const usageOf = async (command: string): Promise<string> => {
      let text = usage.get(command);
      if (text === undefined) {
        const args = command === "" ? ["--help"] : [command, "--help"];
        const result = await svc(args, {}, 30_000);
        text = `${result.stdout}\n${result.stderr}`;
        usage.set(command, text);
      }
      return text;
    };

    const wrong: string[] = [];
    for (const { file, words } of shown) {
      const line = `svc ${words.join(" ")}`;
      const [first = ""] = words;
      const command = first.startsWith("-") ? "" : first;
      const help = await usageOf(command);
      if (command !== "" && !help.includes(`svc ${command}`)) {
        wrong.push(`${file}: ${line}: no command "${command}"`);
        continue;
      }
      // A command with subcommands names them in its usage as `svc <command> <subcommand>`.
      const subcommands = new Set(
        [...help.matchAll(new RegExp(`svc ${command} ([a-z][a-z-]*)\\b`, "g"))].map((m) => m[1]),
      );
      const [, second = ""] = words;
      if (subcommands.size > 0 && /^[a-z][a-z-]*$/.test(second) && !subcommands.has(second)) {
        wrong.push(`${file}: ${line}: "${command}" has no subcommand "${second}"`);
      }
      for (const word of words) {
        const flag = /^\[?(--[a-z][a-z0-9-]*)/.exec(word)?.[1];
        if (flag && flag !== "--help" && !new RegExp(`${flag}(?![a-z0-9-])`).test(help)) {
          wrong.push(`${file}: ${line}: "svc ${command}" has no ${flag}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
