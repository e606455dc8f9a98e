import { useNavigate } from 'react-router';
import { Link } from '../../components/ui/link';
import { ArrowRight, BadgeCheck, Globe2, LayoutTemplate, ListChecks, Megaphone, ShieldCheck, Sparkles } from '../../components/ui/icons';
import { buttonClasses } from '../../components/ui/button';
import { SignupForm } from '../../features/accounts/components/signup-form';

/** Server rendering and the document head (decision 0370). */
export { handle } from './provider-landing-page.handle';

/** Six benefit cards (docs/product/accounts.md#provider-landing-page), in the order the spec lists them. */
const BENEFITS = [
  {
    icon: LayoutTemplate,
    title: 'Your own branded landing page',
    text: 'A business profile with your logo, cover image, services, certifications and gallery, ready to share with customers.',
  },
  {
    icon: ListChecks,
    title: 'Simple listing',
    text: 'Create your profile in minutes, or claim the one we already hold for your company, and keep it up to date yourself.',
  },
  {
    icon: Sparkles,
    title: 'Better qualified leads via AI',
    text: 'Buyers describe what they need and are matched to providers whose services and service area fit the job.',
  },
  {
    icon: ShieldCheck,
    title: 'Security',
    text: 'Business email sign-up, strong passwords and server-side checks on every change to your profile and quotes.',
  },
  {
    icon: Globe2,
    title: 'Compliance: verified buyers, selected geographies',
    text: 'Your details reach verified buyers only, in the UK regions and service radius you choose to cover.',
  },
  {
    icon: Megaphone,
    title: 'Expert marketing',
    text: 'We promote the directory to UK solar asset owners, managers and developers, so the right buyers find you.',
  },
] as const;

/** /services/list and everything under it (docs/product/accounts.md#provider-landing-page): promotes free listing for providers. */
export function ProviderLandingPage() {
  const navigate = useNavigate();
  return (
    <div className="bg-gradient-to-b from-slate-50 to-white">
      <section className="mx-auto max-w-6xl px-4 pb-14 pt-14 text-center sm:px-6 sm:pt-20 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary">
          <BadgeCheck className="h-4 w-4" aria-hidden /> Free for service providers
        </p>
        <h1 className="mx-auto mt-5 max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          List your services... <span className="block text-primary">Manage and promote your business</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
          Reach UK solar asset owners and managers looking for O&amp;M, installers, surveyors and advisors. Listing is free: no subscription and no card needed.
        </p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Link to="/auth/register?type=provider" className={buttonClasses('primary', 'lg')}>
            Start Selling
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
          <a href="#create-account" className={buttonClasses('secondary', 'lg')}>
            Create your account
          </a>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 lg:px-8">
        <h2 id="benefits-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Why list with us
        </h2>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-border bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section id="create-account" aria-labelledby="create-account-heading" className="scroll-mt-24 border-t border-border bg-white">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <h2 id="create-account-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Create your account
            </h2>
            <p className="mt-3 text-slate-700">Set up your provider account, then create or claim your business profile from your dashboard.</p>
            <ul className="mt-6 grid gap-3 text-sm text-slate-800">
              {['Listing is free', 'No subscription', 'No card needed', 'Cancel any time: ask us to delete your account'].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <BadgeCheck className="h-4 w-4 text-primary" aria-hidden />
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-xl border border-border bg-slate-50 p-6 shadow-sm">
            <SignupForm fixedType="provider" variant="embedded" idPrefix="landing-signup" onSuccess={() => navigate('/dashboard')} />
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 className="text-2xl font-bold text-slate-900">Ready to reach more solar customers?</h2>
        <p className="mt-2 text-slate-700">Listing your business is free. No subscription, no card.</p>
        <Link to="/auth/register" className={buttonClasses('primary', 'lg', 'mt-6')}>
          Get Started For Free
        </Link>
      </section>
    </div>
  );
}
