import type { FastifyInstance } from 'fastify';
import { declineTenderInvitation, getTenderIntent, listTenderInvitees, setTenderIntent } from '@solar/shared/contracts/tender-bidders';
import { TENDER_LIFECYCLE_RATE_LIMIT as L } from '@solar/shared/constants/tender-lifecycle';
import { bind } from '../../plugins/routes';
import { perAccount, perIp } from '../../plugins/rate-limit';
import * as bidders from './tender-bidders.service';

const HOUR = 3_600_000;

/** Bidder management (issue 27 part A, decision 0514): an invitee's reply, and the owner's list of invitees. */
export async function tenderBiddersRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  bind(app, getTenderIntent, async ({ params, user }) => ({ success: true as const, data: await bidders.getIntent(ctx, user!, params.id) }));
  // One budget with the responses (decision 0405): a reply is a bidder's write like a response.
  bind(app, setTenderIntent, async ({ params, body, user }) => ({ success: true as const, ...(await bidders.setIntent(ctx, user!, params.id, body)) }), {
    limits: [perAccount('tender-response-account', L.responsesPerAccountPerHour, HOUR)],
  });
  bind(app, listTenderInvitees, async ({ params, user }) => ({ success: true as const, data: await bidders.listInvitees(ctx, user!, params.id) }));
  // Signed out, from the link (decision 0558): the same per-address budget as the link's landing.
  bind(app, declineTenderInvitation, async ({ body }) => ({ success: true as const, ...(await bidders.declineByLink(ctx, body.token, body.reason)) }), {
    limits: [perIp('tender-invite-decline-ip', L.invitationPreviewsPerIpPerHour, HOUR)],
  });
}
