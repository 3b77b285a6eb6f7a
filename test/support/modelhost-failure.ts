import { expect } from "vitest";
import type { ModelHostError } from "../../adapters/modelhost.js";

/** The ModelHostError a model host call fails with; the test fails when the call succeeds or fails otherwise. */
export async function modelHostFailure(promise: Promise<unknown>): Promise<ModelHostError> {
  try {
    await promise;
  } catch (error) {
    expect((error as Error).name).toBe("ModelHostError");
    return error as ModelHostError;
  }
  throw new Error("expected the call to fail");
}
