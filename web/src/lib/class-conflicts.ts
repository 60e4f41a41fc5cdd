import { twMerge } from 'tailwind-merge';

/**
 * The Tailwind classes of `classes` that a later class overrides (`p-2 p-4`: `p-2`), found by
 * tailwind-merge. Development and tests only (see `cn`): the built app carries no merger.
 */
export function overriddenClasses(classes: string): string[] {
  const kept = new Set(twMerge(classes).split(' '));
  return [...new Set(classes.split(/\s+/).filter(Boolean))].filter((name) => !kept.has(name));
}
