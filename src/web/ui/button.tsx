import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost';

const VARIANT_CLASSES: Record<Variant, string> = {
  primary: 'bg-accent text-on-accent hover:bg-accent-strong',
  secondary: 'border border-line bg-surface text-fg hover:bg-surface-muted',
  danger: 'border border-danger-fg bg-surface text-danger-fg hover:bg-danger-soft',
  ghost: 'text-fg hover:bg-surface-muted',
};

/** A button's look, for a link that reads as a button (a download, a page in a new tab). */
export function buttonClassName(variant: Variant = 'primary', className = ''): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${VARIANT_CLASSES[variant]} ${className}`;
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClassName(variant, className)} {...props} />;
}
