import type { LucideIcon } from 'lucide-react';

export interface IconListItem {
  icon: LucideIcon;
  text: string;
}

/** Short lines, each after its icon in a soft primary tile. */
export function IconList({ items }: { items: readonly IconListItem[] }) {
  return (
    <ul className="grid gap-3">
      {items.map(({ icon: Icon, text }) => (
        <li key={text} className="flex items-center gap-3">
          <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-primary-soft text-primary">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <span>{text}</span>
        </li>
      ))}
    </ul>
  );
}
