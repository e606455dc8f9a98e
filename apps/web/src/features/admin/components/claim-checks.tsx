import type { AdminClaim } from '@solar/shared/contracts/admin';
import { CheckList } from '../../../components/trust-parts';
import { Badge } from '../../../components/ui/badge';

/**
 * Beside a claim (issue 31; issue 28 item 8): whether the claimant's email domain is the company
 * website's, and the Companies House checks with whether the claimant is an officer. Facts for
 * the admin's decision, not the decision.
 */
export function ClaimChecks({ claim }: { claim: AdminClaim }) {
  const c = claim.checks;
  return (
    <div className="grid gap-1.5 rounded-md border border-border bg-muted/30 p-2 text-sm" aria-label="Checks for this claim">
      <p className="flex flex-wrap items-center gap-2">
        {c.domainsMatch === true && <Badge variant="success">Email domain matches the website</Badge>}
        {c.domainsMatch === false && <Badge variant="warning">Email domain differs from the website</Badge>}
        {c.domainsMatch === null && <Badge variant="secondary">{c.websiteDomain ? 'No email domain to compare' : 'No website on the profile to compare'}</Badge>}
        <span className="text-muted-foreground">
          Email @{c.emailDomain ?? '?'}
          {c.websiteDomain ? ` · website ${c.websiteDomain}` : ''}
        </span>
      </p>
      {c.companyNumber ? (
        <>
          <p>
            Companies House {c.companyNumber}
            {c.companyCheck?.companyName ? ` · ${c.companyCheck.companyName}` : ''}:{' '}
            {c.claimantOfficer ? <Badge variant="success">Claimant is an officer ({c.claimantOfficer})</Badge> : <Badge variant="warning">Claimant not among the officers</Badge>}
          </p>
          {c.companyCheck?.checkedAt ? <CheckList items={c.companyCheck.items} checkedAt={c.companyCheck.checkedAt} /> : <p className="text-muted-foreground">Not checked yet.</p>}
        </>
      ) : (
        <p className="text-muted-foreground">No Companies House number on the profile.</p>
      )}
    </div>
  );
}
