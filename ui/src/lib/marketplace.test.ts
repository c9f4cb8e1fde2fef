import { describe, expect, it } from 'vitest';
import { buyLinkProps, isAffiliateLink, isMarketplaceSearch } from './marketplace';

describe('marketplace links', () => {
  it('tells a search from a product page', () => {
    expect(isMarketplaceSearch('https://www.amazon.com/s?k=Espresso+Sabrina+Carpenter')).toBe(true);
    expect(isMarketplaceSearch('https://www.amazon.com/s?k=Espresso&tag=soundatlas-20')).toBe(true);
    expect(isMarketplaceSearch('https://www.amazon.com/dp/B000002UJQ?tag=soundatlas-20')).toBe(false);
    expect(isMarketplaceSearch('https://amazon.co.uk/Some-Title/dp/B000002UJQ/')).toBe(false);
    expect(isMarketplaceSearch('https://www.amazon.com/gp/product/B000002UJQ')).toBe(false);
    expect(isMarketplaceSearch('https://music.amazon.com/search/Queen')).toBe(false);
    expect(isMarketplaceSearch('https://open.spotify.com/search/Queen')).toBe(false);
  });

  it('knows an affiliate link by its tag on a shop link', () => {
    expect(isAffiliateLink('https://www.amazon.com/s?k=Espresso&tag=soundatlas-20')).toBe(true);
    expect(isAffiliateLink('https://www.amazon.de/dp/B000002UJQ?tag=soundatlas-21')).toBe(true);
    expect(isAffiliateLink('https://www.amazon.com/s?k=Espresso')).toBe(false);
    expect(isAffiliateLink('https://www.amazon.com/s?k=tag')).toBe(false);
    expect(isAffiliateLink('https://example.com/?tag=x')).toBe(false);
  });

  it('names a search in the Buy button, and marks only tagged links as paid', () => {
    expect(buyLinkProps('https://www.amazon.com/s?k=APT.', 'APT.', 'Rosé & Bruno Mars')).toEqual({
      'aria-label': 'Buy APT. by Rosé & Bruno Mars: opens a search on Amazon',
      title: 'Opens a search on Amazon',
      sponsored: false,
    });
    expect(buyLinkProps('https://www.amazon.com/dp/B000002UJQ?tag=soundatlas-20', 'APT.', 'Rosé & Bruno Mars')).toEqual({
      'aria-label': 'Buy APT. by Rosé & Bruno Mars',
      sponsored: true,
    });
  });
});
