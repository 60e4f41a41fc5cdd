// The other half of the cycle in cycle-a.ts.
import { a } from './cycle-a';

export const b = (): string => (a.length > 0 ? 'b' : '');
