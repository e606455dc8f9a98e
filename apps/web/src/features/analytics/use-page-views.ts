import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createPageView } from '@solar/shared/contracts/routes';
import { hasTrackingParams, stripTrackingParams } from '@solar/shared/domain/tracking';
import { api } from '../../lib/api-client';

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
      void navigate(`${clean}${location.hash}`, { replace: true, state: location.state });
    }
    // Only the pathname triggers a page view; search changes are filters on the same page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.search]);

  useEffect(() => {
    const path = stripTrackingParams(`${location.pathname}${location.search}`);
    const referrer = document.referrer ? document.referrer.slice(0, 2048) : undefined;
    // keepalive: the view is recorded even when the page is left at once; nothing waits for it.
    api
      .raw(createPageView, { body: { path: path.slice(0, 2048), ...(referrer && { referrer }) } }, { keepalive: true })
      .then((response) => response.body?.cancel())
      .catch(() => {});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}
