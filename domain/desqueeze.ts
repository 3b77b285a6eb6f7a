/**
 * Anamorphic squeeze factors an editor may set on an item (1: none). A plain constant apart from
 * the answer schemas, so the web app's desqueeze control offers exactly these without bundling zod.
 */
export const DESQUEEZE_VALUES = [1, 1.25, 1.3, 1.33, 1.5, 1.65, 1.8, 2] as const;
export type Desqueeze = (typeof DESQUEEZE_VALUES)[number];

export const isDesqueeze = (value: number): value is Desqueeze =>
  (DESQUEEZE_VALUES as readonly number[]).includes(value);
