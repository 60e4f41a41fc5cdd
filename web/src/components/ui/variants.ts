/**
 * A primitive's class names by variant: the base class, then each variant's class (its default
 * when not given), then the caller's `className`. What the primitives in the entry chunk (Button,
 * and Badge and Alert beside it) used of class-variance-authority, without its generality in
 * every page's bytes (issue 29 item 6); the lazily loaded toast keeps cva.
 */
export function variants<Options extends Record<string, Record<string, string>>>(
  base: string,
  options: Options,
  defaults: { [Name in keyof Options]: keyof Options[Name] },
) {
  return (
    chosen: { [Name in keyof Options]?: keyof Options[Name] | null } & {
      className?: string;
    } = {},
  ): string => {
    const classes = [base];
    for (const name of Object.keys(options) as (keyof Options)[]) {
      classes.push(options[name]![(chosen[name] ?? defaults[name]) as string]!);
    }
    if (chosen.className) classes.push(chosen.className);
    return classes.join(' ');
  };
}

/** The variant props of a {@link variants} function (as cva's `VariantProps`). */
export type VariantProps<Fn extends (chosen: never) => string> = Omit<
  NonNullable<Parameters<Fn>[0]>,
  'className'
>;
