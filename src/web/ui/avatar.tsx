import { initialsOf } from '@shared/lib/person-name';

/** The doctor's initials in a circle (the account has no picture). */
export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-on-accent"
    >
      {initialsOf(name)}
    </span>
  );
}
