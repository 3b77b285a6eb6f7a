import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import GithubSlugger from "github-slugger";
import { Lexer, type Token, type Tokens, type TokensList } from "marked";

export const REPO = join(import.meta.dirname, "..", "..");

/** One page of the manual, parsed once by a Markdown lexer (so code spans and blocks are told apart). */
export interface DocPage {
  /** Path from the repository root, e.g. `docs/cli.md`. */
  readonly file: string;
  readonly tokens: TokensList;
}

/** README.md, every page of docs/ and the benchmark history in bench/results/. */
export function docPages(): DocPage[] {
  const inFolder = (folder: string) =>
    readdirSync(join(REPO, folder))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => `${folder}/${name}`);
  return ["README.md", ...inFolder("docs"), ...inFolder("bench/results")].map((file) => ({
    file,
    tokens: Lexer.lex(readFileSync(join(REPO, file), "utf8")),
  }));
}

/** Every token of a page, depth first: blocks, list items, table cells and the inline tokens inside them. */
export function* allTokens(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token;
    if ("tokens" in token && Array.isArray(token.tokens)) yield* allTokens(token.tokens);
    if (token.type === "list") yield* allTokens((token as Tokens.List).items);
    if (token.type === "table") {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) yield* allTokens(cell.tokens);
    }
  }
}

/** The text a reader sees of some inline tokens: code spans and link texts included, markup left out. */
export function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if ("tokens" in token && Array.isArray(token.tokens) && token.tokens.length > 0)
        return plainText(token.tokens);
      return "text" in token && typeof token.text === "string" ? token.text : "";
    })
    .join("");
}

/** The text of a code span, or undefined for any other token. */
export function codeSpan(token: Token): string | undefined {
  return token.type === "codespan" ? (token as Tokens.Codespan).text : undefined;
}

/** The `#anchors` GitHub gives a page's headings (a repeated heading gets `-1`, `-2`…). */
export function anchorsOf(page: DocPage): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const token of page.tokens) {
    if (token.type === "heading") anchors.add(slugger.slug(plainText((token as Tokens.Heading).tokens)));
  }
  return anchors;
}

/** A table of a page: its header cells' text and each row's cells as inline tokens. */
export interface DocTable {
  readonly header: string[];
  readonly rows: Token[][][];
}

export function tablesOf(page: DocPage): DocTable[] {
  const tables: DocTable[] = [];
  for (const token of allTokens(page.tokens)) {
    if (token.type !== "table") continue;
    const table = token as Tokens.Table;
    tables.push({
      header: table.header.map((cell) => plainText(cell.tokens).trim()),
      rows: table.rows.map((row) => row.map((cell) => cell.tokens)),
    });
  }
  return tables;
}

/**
 * The `svc` command lines of a page: every line of a shell block, and every code span, that runs
 * `svc` (as `svc`, `npx svc` or `node dist/cli/main.js`), from the word after it to the end of the
 * command (a pipe, `&&`, `;` or a comment ends it).
 */
export function svcCommands(page: DocPage): string[][] {
  const lines: string[] = [];
  for (const token of allTokens(page.tokens)) {
    if (token.type === "code") {
      const block = token as Tokens.Code;
      if (["sh", "bash", "shell", ""].includes(block.lang ?? ""))
        lines.push(...block.text.replace(/\\\n/g, " ").split("\n"));
    }
    const code = codeSpan(token);
    if (code !== undefined) lines.push(code);
  }
  const commands: string[][] = [];
  for (const line of lines) {
    const words = line.replace(/#.*$/, "").split(/\s+/).filter(Boolean);
    words.forEach((word, i) => {
      const runsSvc =
        word === "dist/cli/main.js" ||
        (word === "svc" && (i === 0 || ["npx", "sudo"].includes(words[i - 1] ?? "")));
      if (!runsSvc) return;
      const rest = words.slice(i + 1);
      const end = rest.findIndex((w) => ["|", "&&", ";", "||"].includes(w));
      const command = end === -1 ? rest : rest.slice(0, end);
      if (command.length > 0) commands.push(command);
    });
  }
  return commands;
}
