import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { hasTrackingParams, stripTrackingParams } from '@solar/shared/domain/tracking';

/**
 * Sends a page view on each pathname change (docs/product/analytics.md#page-views) and strips tracking
 * parameters from the address without a history entry.
 */
export function usePageViews() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (hasTrackingParams(location.search)) {
      const clean = stripTrackingParams(`${location.pathname}${location.search}`);
      navigate(`${clean}${location.hash}`, { replace: true, state: location.state });
    }
    // Only the pathname triggers a page view; search changes are filters on the same page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  useEffect(() => {
    const path = stripTrackingParams(`${location.pathname}${location.search}`);
    const referrer = document.referrer ? document.referrer.slice(0, 2048) : undefined;
    void fetch('/api/analytics/pageview', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: path.slice(0, 2048), ...(referrer && { referrer }) }),
      keepalive: true,
    }).catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}
