import { MODERATION_WORKING_DAYS, REVIEW_LIMITS } from '@solar/shared/constants/trust';

export { handle } from './review-policy-page.handle';

/**
 * /reviews/policy (decision 0480): the published review policy, written for the Digital Markets,
 * Competition and Consumers Act 2024's rules on fake reviews and concealed incentivised reviews.
 */
export function ReviewPolicyPage() {
  return (
    <article className="prose-sm mx-auto max-w-3xl space-y-5 px-4 py-10 text-slate-800">
      <h1 className="text-3xl font-semibold">Review policy</h1>
      <p>Reviews on Solar Marketplace come only from people who completed real work with a provider here. This page says what can be reviewed, how we check reviews, how a provider can report one, and how long moderation takes.</p>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">Who can write a review</h2>
        <ul className="list-disc space-y-1 pl-5">
          <li>The person who requested a quote, once the provider has marked that work as completed.</li>
          <li>The owner of a tender, once they have awarded it to the provider.</li>
          <li>One review for each piece of work. Each review says what it is tied to, for example “Tender awarded 03/2026”.</li>
          <li>A provider’s own people cannot review it, and nobody can review a provider without completed work.</li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">What a review contains</h2>
        <p>Ratings from 1 to 5 for quality, value and reliability, and at least {REVIEW_LIMITS.bodyMin} characters about the work. The provider may publish one reply.</p>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">Fake and paid-for reviews are not allowed</h2>
        <p>Under the Digital Markets, Competition and Consumers Act 2024 it is unlawful to write, commission or publish fake reviews, or reviews that were paid for or rewarded without saying so. On Solar Marketplace:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>Reviews cannot be bought, written by the provider or anyone on its behalf, or traded for discounts, gifts or other rewards.</li>
          <li>A provider must not offer anything in return for a review or for changing or removing one. If a review was prompted by any incentive, it must say so; we remove reviews that hide one.</li>
          <li>We do not suppress, reorder or hide reviews to make a provider look better. No review is ever removed or hidden because it is negative.</li>
          <li>The rating shown on a profile, in search results and in the page’s structured data is computed from every published review; we never type a rating in.</li>
        </ul>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">How we check reviews</h2>
        <p>The platform itself checks that the reviewer is the other party of completed work before a review can be written, so every published review is tied to a real quote or tender. Our team looks at reports and at unusual patterns.</p>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">When we remove a review</h2>
        <p>Only when it breaks this policy: it is fake or incentivised without saying so, it contains personal data, abuse, discrimination or advertising, or it is about something other than the work. A removed review leaves a record in our admin log saying who removed it, when and why.</p>
      </section>
      <section className="space-y-2">
        <h2 className="text-xl font-semibold">How a provider can report a review</h2>
        <p>The provider’s owner can report a review from their profile’s “Company checks, accreditations and reviews” page, saying which part of this policy it breaks. The review stays published while we look. We decide within {MODERATION_WORKING_DAYS} working days and record the outcome.</p>
      </section>
    </article>
  );
}
