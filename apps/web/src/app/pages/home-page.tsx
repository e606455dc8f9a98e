import { Link } from '../../components/ui/link';
import { ArrowRight, ClipboardList, Map, Search, Users } from '../../components/ui/icons';
import { config } from '../../lib/config';

/** Server rendering and the document head (decision 0370). */
export { handle } from './home-page.handle';

const ACTIONS = [
  { label: 'Find Providers', to: '/providers', icon: Users, text: 'O&M, installers, surveyors and advisors across the UK' },
  { label: 'List a Tender', to: '/list-a-tender', icon: ClipboardList, text: 'Open or private tenders to the providers you choose' },
  { label: 'Search Parts', to: '/search-parts', icon: Search, text: 'Modules, inverters and batteries with cited answers' },
  { label: 'Explore with AssetIntel', to: '/asset-intel', icon: Map, text: 'Every UK renewable project on a map and in a table' },
] as const;

/** Home (docs/product/platform.md#home). */
export function HomePage() {
  return (
    <div className="bg-gradient-to-b from-slate-50 to-white">
      <section className="mx-auto max-w-6xl px-4 pb-12 pt-14 text-center sm:px-6 sm:pt-20 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Find the right solar partner</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-700">The meeting point of solar owners, managers and service providers</p>
        <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ACTIONS.map(({ label, to, icon: Icon, text }) => (
            <Link
              key={to}
              to={to}
              className="group flex flex-col items-center gap-3 rounded-xl border border-border bg-white p-6 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-primary hover:shadow-md"
            >
              <span className="flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="h-6 w-6" aria-hidden />
              </span>
              <span className="text-lg font-semibold text-slate-900">{label}</span>
              <span className="text-sm text-slate-600">{text}</span>
            </Link>
          ))}
        </div>
        <p className="mt-10 text-base text-slate-700">
          Want to reach only the providers you trust?{' '}
          <a href={config.links.privateTender} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold text-primary hover:underline">
            Launch a private, targeted tender
            <ArrowRight className="h-4 w-4" aria-hidden />
          </a>
        </p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-3">
          <a href={config.links.guaranteesAdvisory} target="_blank" rel="noopener noreferrer" className="rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 hover:bg-amber-100">
            Need Guarantees Advisory?
          </a>
          <a href={config.links.priceBenchmarking} target="_blank" rel="noopener noreferrer" className="rounded-full border border-amber-300 bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 hover:bg-amber-100">
            Want Price Benchmarking?
          </a>
        </div>
      </section>
    </div>
  );
}
