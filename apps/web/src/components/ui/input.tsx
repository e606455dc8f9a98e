import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const FIELD = 'w-full rounded-md border border-border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 disabled:bg-muted aria-[invalid=true]:border-destructive';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(({ className, ...props }, ref) => (
  <input ref={ref} className={cn(FIELD, 'h-10', className)} {...props} />
));
Input.displayName = 'Input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(({ className, ...props }, ref) => (
  <textarea ref={ref} className={cn(FIELD, 'min-h-24 py-2', className)} {...props} />
));
Textarea.displayName = 'Textarea';

/** A file picker that looks like the rest of the form: its button styled as a secondary button (issue 27 defect 11). */
export const FileInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(({ className, ...props }, ref) => (
  <input
    ref={ref}
    type="file"
    className={cn(
      'block w-full max-w-full text-sm text-slate-700 file:mr-3 file:h-10 file:cursor-pointer file:rounded-md file:border file:border-solid file:border-border file:bg-white file:px-4 file:text-sm file:font-medium file:text-slate-900 hover:file:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary',
      className,
    )}
    {...props}
  />
));
FileInput.displayName = 'FileInput';
