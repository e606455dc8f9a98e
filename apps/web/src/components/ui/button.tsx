import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-white text-slate-900 border border-border hover:bg-muted',
  accent: 'bg-accent text-accent-foreground hover:bg-amber-400',
  ghost: 'bg-transparent text-slate-800 hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-red-800',
  link: 'bg-transparent text-primary underline-offset-4 hover:underline px-0',
} as const;

const SIZES = { sm: 'h-8 px-3 text-sm', md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' } as const;

export type ButtonVariant = keyof typeof VARIANTS;

export const buttonClasses = (variant: ButtonVariant = 'primary', size: keyof typeof SIZES = 'md', className?: string) =>
  cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:pointer-events-none disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    className,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(({ variant, size, className, type = 'button', ...props }, ref) => (
  <button ref={ref} type={type} className={buttonClasses(variant, size, className)} {...props} />
));
Button.displayName = 'Button';
