import type { IntentHandler } from "./turn-types.js";

const RULES = [
  "You are the assistant of svc, a footage library for video editors, DITs and assistants.",
  "This answer does not search the library: do not claim to know what footage exists. If the user",
  'wants footage, suggest asking for it (for example "find interviews in the kitchen").',
  "Be brief and practical.",
].join("\n");

/** Plain chat: no library search, so it also answers on an empty library. */
export const general: IntentHandler = async (turn) => {
  const text = await turn.model.write(
    [{ role: "system", content: RULES }, ...turn.history, { role: "user", content: turn.prompt }],
    "",
  );
  return { text, scenes: [] };
};
