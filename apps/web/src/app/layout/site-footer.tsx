import { Link } from '../../components/ui/link';
import { config } from '../../lib/config';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-slate-50">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:px-6 lg:px-8">
        <div className="flex items-center gap-2">
          <span>Developed by</span>
          <a href={config.links.developer} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 font-semibold text-slate-900 hover:underline">
            <img src="/logo.svg" alt="" width={20} height={20} />
            Solar Manager
          </a>
        </div>
        <div className="flex items-center gap-6">
          {/* The API reference for scripts (decision 0530). */}
          <Link to="/developers/api" className="hover:underline">
            API
          </Link>
          <a href={config.links.privacyPolicy} target="_blank" rel="noopener noreferrer" className="hover:underline">
            Privacy Policy
          </a>
        </div>
      </div>
    </footer>
  );
}
