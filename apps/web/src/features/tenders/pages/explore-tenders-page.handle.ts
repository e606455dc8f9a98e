import { SITE_NAME } from '@solar/shared/constants/seo';
import { formatCount } from '@solar/shared/domain/count';
import { canonicalSearch, metaDescription } from '@solar/shared/domain/seo';
import { cleanTenderBoardAddress, tenderBoardQueryOf } from '@solar/shared/domain/tender-board-address';
import { breadcrumbs, itemList } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';
import { publicTendersQueryOptions } from '../api/list-public-tenders';

/** The filters and page that make a different list; the sort only reorders it. */
const CANONICAL_KEYS = ['service', 'location', 'lat', 'lng', 'radius', 'source', 'status', 'minValue', 'maxValue', 'limit', 'page'];

/** /explore-tenders (decision 0370): the board of the address's filters, server-rendered; page 2 on is not indexed. */
export const handle: PageHandle = {
  reads: ['tenders'],
  // The board's one reading of its address (decision 0573): the query the page asks for, under its key, whatever was typed.
  prefetch: ({ prefetch, url }) => prefetch(publicTendersQueryOptions(tenderBoardQueryOf(url.searchParams))),
  head: ({ queryClient, url, publicUrl }) => {
    const params = cleanTenderBoardAddress(url.searchParams);
    const board = tenderBoardQueryOf(params);
    const list = queryClient.getQueryData(publicTendersQueryOptions(board).queryKey);
    const what = board.service ? `${board.service} tenders` : 'Solar tenders and opportunities';
    const where = board.location ? ` near ${board.location}` : ' in the UK';
    const paged = board.page > 1 ? ` – page ${board.page}` : '';
    const total = list?.pagination.total;
    const noun = board.service ? `${board.service} tender` : 'solar tender';
    const counted = total === undefined ? `${noun}s` : formatCount(total, noun);
    const title = `${what}${where}${paged} | ${SITE_NAME}`;
    return {
      title,
      description: metaDescription(
        `${counted}${where}: opportunities listed on Solar Manager and UK public-procurement notices, with values, locations and closing dates.`.replace(/^./, (c) => c.toUpperCase()),
      ),
      canonical: `/explore-tenders${canonicalSearch(params, CANONICAL_KEYS)}`,
      noindex: board.page > 1 || total === 0,
      jsonLd: [
        breadcrumbs(publicUrl, [
          ['Home', '/'],
          ['Tenders', '/explore-tenders'],
        ]),
        itemList(
          publicUrl,
          title,
          (list?.data ?? []).map((t) => ({ name: t.title, path: `/tender/${t.id}` })),
          (board.page - 1) * board.limit,
        ),
      ],
    };
  },
};
