import { clsx, type ClassValue } from 'clsx';
import { overriddenClasses } from './class-conflicts';

/**
 * Joins class names, without merging: two utilities of one Tailwind group (`h-10 h-auto`) would
 * leave the winner to the stylesheet's order. A primitive's defaults are classes of the
 * components layer (index.css) instead, which any utility a caller passes overrides. A conflict
 * among utilities fails the tests and is logged in development; the built app carries no
 * tailwind-merge (~8 kB gzip on every page).
 */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  if (import.meta.env.DEV) {
    const overridden = overriddenClasses(classes);
    if (overridden.length > 0) {
      const message = `Conflicting classes (${overridden.join(', ')} overridden) in "${classes}"`;
      if (import.meta.env.MODE === 'test') throw new Error(message);
      console.error(message);
    }
  }
  return classes;
}
