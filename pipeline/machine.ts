import { assign, createActor, fromPromise, setup, toPromise } from "xstate";
import { STAGES, type StageName } from "./stages/types.js";

/** Runs one stage of one item; resolves when the stage's outcome is stored, rejects on failure. */
export type StageExecutor = (stage: StageName, signal: AbortSignal) => Promise<void>;

export interface ItemInput {
  /** The first stage to run: the item's last finished stage plus one. */
  from: StageName;
  /** The last stage to run, or null to run to the end. */
  until: StageName | null;
  exec: StageExecutor;
}

export type ItemOutcome = { status: "done" } | { status: "failed"; stage: StageName; error: unknown };

interface ItemContext extends ItemInput {
  failedStage: StageName | null;
  error: unknown;
}

/**
 * One machine per item. Its states are the stages in order, plus `done` and `failed`; `resume`
 * jumps straight to the stage the item stopped at, so nothing finished is redone.
 */
export function createItemMachine() {
  const stageStates = Object.fromEntries(
    STAGES.map((stage, i) => {
      const next = STAGES[i + 1] ?? "done";
      return [
        stage,
        {
          invoke: {
            src: "runStage",
            input: ({ context }: { context: ItemContext }) => ({ stage, exec: context.exec }),
            onDone: [{ guard: { type: "isLast", params: { stage } }, target: "done" }, { target: next }],
            onError: {
              target: "failed",
              actions: assign({
                failedStage: stage,
                error: ({ event }: { event: { error: unknown } }) => event.error,
              }),
            },
          },
        },
      ];
    }),
  );

  return setup({
    types: {
      context: {} as ItemContext,
      input: {} as ItemInput,
      output: {} as ItemOutcome,
    },
    actors: {
      runStage: fromPromise<void, { stage: StageName; exec: StageExecutor }>(({ input, signal }) =>
        input.exec(input.stage, signal),
      ),
    },
    guards: {
      startsAt: ({ context }, params: { stage: StageName }) => context.from === params.stage,
      isLast: ({ context }, params: { stage: StageName }) => context.until === params.stage,
    },
  }).createMachine({
    id: "item",
    initial: "resume",
    context: ({ input }) => ({ ...input, failedStage: null, error: null }),
    output: ({ context }): ItemOutcome =>
      context.failedStage === null
        ? { status: "done" }
        : { status: "failed", stage: context.failedStage, error: context.error },
    states: {
      resume: {
        always: STAGES.map((stage) => ({
          guard: { type: "startsAt" as const, params: { stage } },
          target: stage,
        })),
      },
      ...stageStates,
      done: { type: "final" },
      failed: { type: "final" },
    } as never,
  });
}

/** Runs an item's machine to its end. */
export type ItemMachine = ReturnType<typeof createItemMachine>;

export async function runItem(machine: ItemMachine, input: ItemInput): Promise<ItemOutcome> {
  const actor = createActor(machine, { input });
  actor.start();
  return toPromise(actor);
}
