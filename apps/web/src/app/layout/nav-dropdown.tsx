import { useEffect, useId, useRef, useState } from 'react';
import { Link } from '../../components/ui/link';
import { ChevronDown } from '../../components/ui/icons';
import { UI } from '@solar/shared/constants/ui';
import type { NavLinkItem } from './nav-items';

/** A top-navigation menu that opens on hover or click and closes 150 ms after the pointer leaves. */
export function NavDropdown({ label, items }: { label: string; items: NavLinkItem[] }) {
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpen(false), UI.navHoverLeaveDelayMs);
  };
  useEffect(() => cancelClose, []);
  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDocument);
    return () => document.removeEventListener('mousedown', onDocument);
  }, [open]);

  return (
    <div
      ref={containerRef}
      className="relative"
      onMouseEnter={() => {
        cancelClose();
        setOpen(true);
      }}
      onMouseLeave={scheduleClose}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        // A pointer click opens (hover may already have); the keyboard (detail 0) toggles.
        onClick={(event) => setOpen((v) => (event.detail === 0 ? !v : true))}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-muted hover:text-slate-900"
      >
        {label}
        <ChevronDown className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
      </button>
      {open && (
        <ul id={menuId} className="absolute left-0 top-full z-40 mt-1 min-w-56 rounded-md border border-border bg-white py-1 shadow-lg">
          {items.map((item) => (
            <li key={item.to}>
              <Link to={item.to} onClick={() => setOpen(false)} className="block px-4 py-2 text-sm text-slate-700 hover:bg-muted hover:text-slate-900">
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
