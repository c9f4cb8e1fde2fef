/**
 * Marketplace links as the content API sends them: a product's page where an editor
 * knew the product (`/dp/{id}`), else a search; with the site's affiliate tag (`tag=`)
 * when the site has one. Written without the URL class (the server engine has none).
 */
import { getSearchParam, hostOf } from './url';

/** The marketplace's shop (amazon.com, www.amazon.co.uk, ...), not its music service. */
function isShop(link: string): boolean {
  const host = hostOf(link)?.replace(/^www\./, '');
  return !!host && /^amazon(\.[a-z]{2,3}){1,2}$/.test(host);
}

function pathAndQuery(link: string): { path: string; query: string } {
  const rest = link.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split('#')[0] ?? '';
  const at = rest.indexOf('?');
  return at === -1 ? { path: rest, query: '' } : { path: rest.slice(0, at), query: rest.slice(at) };
}

/** A shop link that opens a search rather than one product's page: labelled as a search. */
export function isMarketplaceSearch(link: string): boolean {
  return isShop(link) && !/\/(dp|gp\/product)\//.test(pathAndQuery(link).path);
}

/** A shop link carrying an affiliate tag: a paid link (`rel="sponsored"`), disclosed. */
export function isAffiliateLink(link: string): boolean {
  return isShop(link) && !!getSearchParam(pathAndQuery(link).query, 'tag');
}

/**
 * A Buy button's name (saying when it opens a search rather than a product, also as
 * its tooltip) and whether it is a paid link.
 */
export function buyLinkProps(link: string, song: string, artist: string): { 'aria-label': string; title?: string; sponsored: boolean } {
  const what = `Buy ${song} by ${artist}`;
  const sponsored = isAffiliateLink(link);
  return isMarketplaceSearch(link) ? { 'aria-label': `${what}: opens a search on Amazon`, title: 'Opens a search on Amazon', sponsored } : { 'aria-label': what, sponsored };
}
