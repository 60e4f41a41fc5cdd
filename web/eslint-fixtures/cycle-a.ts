// Half of a two-module import cycle: the lint rules must reject it (eslint-boundaries.test.ts).
import { b } from './cycle-b';

export const a = (): string => `a${b()}`;
