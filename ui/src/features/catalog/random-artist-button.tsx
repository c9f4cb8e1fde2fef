import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useNavigate } from '../../lib/navigation';
import { api, routes } from '../../generated/contract';
import { request } from '../../lib/api-client';
import { ShuffleIcon } from '../../components/icons';

/**
 * Fetches /api/artists/random directly on every click (never cached), primes
 * the artist's cache entry so the page opens without a second request, then
 * navigates to it. Shows "Loading..." while fetching.
 */
export function RandomArtistButton() {
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();

  const onClick = async () => {
    if (loading) return;
    setLoading(true);
    try {
      const artist = await request('GET', api.randomArtist());
      client.setQueryData([api.artist(artist.id)], artist);
      navigate(routes.artist.href(artist.id), { state: { from: `${location.pathname}${location.search}` } });
    } catch (error) {
      console.error('Failed to fetch a random artist', error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <button type="button" className="btn btn-accent header-random" onClick={onClick} disabled={loading} aria-busy={loading}>
      <ShuffleIcon size={18} className={loading ? 'spin' : undefined} />
      <span className="header-random-label">{loading ? 'Loading...' : 'Random Artist'}</span>
    </button>
  );
}
