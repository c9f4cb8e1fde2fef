import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, type Artist, type FavoriteFolder, type VideoFavorite } from '../../generated/contract';
import { PLAY_EVENT, SHOW_LOGIN_EVENT, type PlayRequest } from '../../lib/events';
import { MutationObserver } from '@tanstack/react-query';
import { HttpError } from '../../lib/http-error';
import { REMOVAL_RETRY, REMOVAL_RETRY_MS } from '../../lib/visitor-library';
import { createQueryClient } from '../../lib/query-client';
import { playSound } from '../../lib/sound';
import { matchOperation, type Operation } from '../../test/fake-api';
import { makeArtist } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

// The sound effects at their boundary: which one is asked for, and when.
vi.mock('../../lib/sound', async (original) => ({ ...(await original<typeof import('../../lib/sound')>()), playSound: vi.fn() }));

const user = { id: 1, email: 'ann@example.com' };
const queen = makeArtist({ id: 1, title: 'Queen', genres: ['Rock', 'Glam Rock'], soloVideoLink: 'https://www.youtube.com/@queenofficial' });
const adele = makeArtist({ id: 2, title: 'Adele', genres: ['Soul', 'Pop'], soloVideoLink: null });
const video: VideoFavorite = {
  artistId: 1,
  videoId: 'fJ9rUzIMcZQ',
  folderId: null,
  title: 'Bohemian Rhapsody',
  description: '',
  thumbnail: '',
  url: 'https://www.youtube.com/watch?v=fJ9rUzIMcZQ',
  artistName: 'Queen',
  publishedAt: '2008-08-01',
};

/** An in-memory stand-in for the library API the screen writes to (the e2e test runs the real one). */
class FakeLibrary {
  favorites: Artist[];
  folders: FavoriteFolder[];
  videos: VideoFavorite[];
  calls: string[] = [];
  failNext = 0;
  /** Reads never answer: what the screen shows is what it did to its cache. */
  holdReads = false;
  nextFolderId = 100;
  constructor(favorites: Artist[], folders: FavoriteFolder[], videos: VideoFavorite[]) {
    this.favorites = favorites;
    this.folders = folders;
    this.videos = videos;
  }
  seed() {
    return [
      { key: api.user(), status: 200, body: user },
      { key: api.favorites(), status: 200, body: this.favorites },
      { key: api.favoriteFolders(), status: 200, body: this.folders },
      { key: api.videoFavorites(), status: 200, body: this.videos },
    ];
  }
  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'https://soundatlas.test');
    const method = init?.method ?? 'GET';
    this.calls.push(`${method} ${url.pathname}${url.search}`);
    if (this.failNext > 0) {
      this.failNext -= 1;
      return new Response('{"message":"down"}', { status: 503 });
    }
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    const folderParam = url.searchParams.get('folderId');
    if (method === 'GET' && this.holdReads) return new Promise<Response>(() => {});
    const calling = (operation: Operation) => matchOperation(operation, method, url);
    if (calling('favorites')) return json(this.favorites);
    if (calling('favoriteFolders')) return json(this.folders);
    if (calling('videoFavorites')) return json(this.videos);
    if (calling('addFavorite')) {
      const artist = [queen, adele].find((a) => a.id === body.artistId)!;
      if (body.folderId) this.folders = this.folders.map((f) => (f.id === body.folderId ? { ...f, artists: [...f.artists, artist] } : f));
      else this.favorites = [...this.favorites, artist];
      return json({ id: 9, artistId: artist.id, folderId: body.folderId ?? null, createdAt: '' }, 201);
    }
    if (calling('addVideoFavorite')) {
      const saved: VideoFavorite = { ...body, folderId: body.folderId ?? null };
      this.videos = [...this.videos, saved];
      return json(saved, 201);
    }
    const removedFavorite = calling('removeFavorite');
    if (removedFavorite) {
      const id = Number(removedFavorite[0]);
      if (folderParam) this.folders = this.folders.map((f) => (f.id === Number(folderParam) ? { ...f, artists: f.artists.filter((a) => a.id !== id) } : f));
      else this.favorites = this.favorites.filter((a) => a.id !== id);
      return new Response(null, { status: 204 });
    }
    if (calling('createFolder')) {
      const folder = { id: this.nextFolderId++, name: body.name, createdAt: '', artists: [] };
      this.folders = [...this.folders, folder];
      return json({ id: folder.id, name: folder.name, createdAt: '' }, 201);
    }
    const renamedFolder = calling('renameFolder');
    if (renamedFolder) {
      const id = Number(renamedFolder[0]);
      this.folders = this.folders.map((f) => (f.id === id ? { ...f, name: body.name } : f));
      return json({ id, name: body.name, createdAt: '' });
    }
    const deletedFolder = calling('deleteFolder');
    if (deletedFolder) {
      // As the server does: what the folder held returns to the main favorites.
      const id = Number(deletedFolder[0]);
      const gone = this.folders.find((f) => f.id === id);
      this.folders = this.folders.filter((f) => f.id !== id);
      for (const artist of gone?.artists ?? []) if (!this.favorites.some((a) => a.id === artist.id)) this.favorites = [...this.favorites, artist];
      this.videos = this.videos.map((v) => (v.folderId === id ? { ...v, folderId: null } : v));
      return new Response(null, { status: 204 });
    }
    return json({ message: 'unexpected' }, 500);
  };
}

let library: FakeLibrary;
beforeEach(() => {
  library = new FakeLibrary([queen, adele], [{ id: 7, name: 'Road Trip', createdAt: '', artists: [queen] }], [video]);
  vi.stubGlobal('fetch', library.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const text = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('the favorites screen', () => {
  it('signed out, asks for a login instead of listing favorites', async () => {
    const opened = vi.fn();
    window.addEventListener(SHOW_LOGIN_EVENT, opened);
    renderApp('/favorites', [{ key: api.user(), status: 200, body: null }]);
    expect(screen.getByText('Login Required')).toBeTruthy();
    await waitFor(() => expect(opened).toHaveBeenCalled());
    window.removeEventListener(SHOW_LOGIN_EVENT, opened);
  });

  it('lists favorites and video favorites, the folders with their counts, and filters by title or genre', () => {
    renderApp('/favorites', library.seed());
    expect(screen.getByRole('heading', { level: 1, name: 'My Favorites' })).toBeTruthy();
    const folders = screen.getByRole('region', { name: 'My Folders' });
    expect(text(within(folders).getByRole('link', { name: /Road Trip/ }).textContent!)).toBe('Road Trip1 track');
    expect(screen.getByRole('heading', { level: 3, name: 'Queen' })).toBeTruthy();
    const clip = screen.getByRole('heading', { level: 3, name: 'Bohemian Rhapsody' }).closest('article')!;
    // A video favorite names its artist, and shows its thumbnail under a play mark: never the title's initials.
    expect(clip.querySelector('.artist-card-genres')?.textContent).toBe('Queen · Video');
    // (This one has no thumbnail: the play mark on the background alone.)
    expect(clip.querySelector('.library-video-media .library-video-mark')).toBeTruthy();
    expect(clip.querySelector('img')).toBeNull();

    const search = screen.getByPlaceholderText('Search favorites...');
    fireEvent.change(search, { target: { value: 'SOUL' } });
    expect(screen.getByRole('heading', { level: 3, name: 'Adele' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Queen' })).toBeNull();
    fireEvent.change(search, { target: { value: 'music video' } });
    expect(screen.getByRole('heading', { level: 3, name: 'Bohemian Rhapsody' })).toBeTruthy();
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No matches found')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Search' }));
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  });

  it('links artists into favorites mode and offers no New Folder inside a folder', () => {
    renderApp('/favorites', library.seed());
    expect(screen.getByRole('link', { name: /Queen/ }).getAttribute('href')).toBe('/artist/1?list=favorites');
    expect(screen.getByRole('button', { name: 'New Folder' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('shows "Start Your Collection" with Explore Artists when nothing is saved', () => {
    library = new FakeLibrary([], [], []);
    renderApp('/favorites', library.seed());
    expect(screen.getByText('Start Your Collection')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore Artists' }).getAttribute('href')).toBe('/browse');
    expect(screen.queryByPlaceholderText('Search favorites...')).toBeNull();
  });

  it('shows a folder with its count, its own search and Add; artists link into the folder', () => {
    renderApp('/favorites/folder/7', library.seed());
    expect(screen.getByRole('heading', { level: 1, name: 'Road Trip' })).toBeTruthy();
    expect(screen.getByText('1 track')).toBeTruthy();
    expect(screen.getByPlaceholderText('Search folder tracks...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New Folder' })).toBeNull();
    expect(screen.getByRole('link', { name: /Queen/ }).getAttribute('href')).toBe('/artist/1?list=favorites&folder=7');
    expect(document.title).toBe('Road Trip - My Favorites - Sound Atlas');
  });

  it('adds from the main favorites to a folder, one "Adding..." at a time, until all are in', async () => {
    renderApp('/favorites/folder/7', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Road Trip' });
    expect(within(dialog).queryByText('Queen')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Adele' }));
    expect(within(dialog).getByRole('button', { name: 'Adding...' })).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByText('Adele')).toBeNull());
    expect(library.calls).toContain(`POST ${api.addFavorite()}`);
    // The top-level video favorite is a main favorite too: it is filed with the folder's id.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bohemian Rhapsody' }));
    expect(within(dialog).getByRole('button', { name: 'Adding...' })).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByText('All your favorites are already in this folder!')).toBeTruthy());
    expect(library.videos.find((v) => v.folderId === 7)?.videoId).toBe(video.videoId);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('3 tracks')).toBeTruthy();
  });

  it('says "Failed to add video favorite to folder" when filing a video fails', async () => {
    renderApp('/favorites/folder/7', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Road Trip' });
    library.failNext = 1;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Bohemian Rhapsody' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Failed to add video favorite to folder'));
    expect(within(dialog).getByRole('button', { name: 'Add Bohemian Rhapsody' })).toBeTruthy();
  });

  it('shows "Empty Folder" with Add from Favorites for an empty folder', () => {
    library.folders = [{ id: 7, name: 'Road Trip', createdAt: '', artists: [] }];
    renderApp('/favorites/folder/7', library.seed());
    expect(screen.getByText('Empty Folder')).toBeTruthy();
    expect(screen.getByText('0 tracks')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add from Favorites' }));
    expect(screen.getByRole('dialog', { name: 'Add to Road Trip' })).toBeTruthy();
  });

  it('says so for a folder that is not there, under a title of its own', async () => {
    renderApp('/favorites/folder/8', library.seed());
    expect(screen.getByRole('heading', { level: 1, name: 'Folder Not Found' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Folder Not Found - Sound Atlas'));
  });

  it('plays the filtered list from the first playable item, named after the view', () => {
    const played: PlayRequest[] = [];
    const listen = (event: Event) => played.push((event as CustomEvent<PlayRequest>).detail);
    window.addEventListener(PLAY_EVENT, listen);
    renderApp('/favorites', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Play All' }));
    window.removeEventListener(PLAY_EVENT, listen);
    expect(played).toHaveLength(1);
    expect(played[0]!.name).toBe('My Favorites');
    expect(played[0]!.startIndex).toBe(0);
    expect(played[0]!.isPlaylist).toBe(true);
    // Adele has no soloVideoLink: skipped.
    expect(played[0]!.items.map((item) => item.id)).toEqual(['1', '1-fJ9rUzIMcZQ']);
    expect(played[0]!.items[1]).toMatchObject({ title: 'Bohemian Rhapsody', soloVideoLink: video.url, genres: ['Music Video', 'YouTube'] });
  });

  it('says how many favorites in view Play All skips for having no video', () => {
    renderApp('/favorites', library.seed());
    const playAll = screen.getByRole('button', { name: 'Play All', description: '1 of these 3 favorites has no video yet; Play All skips it.' }) as HTMLButtonElement;
    expect(playAll.disabled).toBe(false);
    // Only playable ones in view: nothing to say.
    fireEvent.change(screen.getByPlaceholderText('Search favorites...'), { target: { value: 'Queen' } });
    expect(screen.getByRole('button', { name: 'Play All', description: '' })).toBe(playAll);
    expect(screen.queryByText(/no video yet/)).toBeNull();
  });

  it('says why Play All is greyed out when no favorite in view has a video', () => {
    renderApp('/favorites', library.seed());
    const playAll = screen.getByRole('button', { name: 'Play All' }) as HTMLButtonElement;
    expect(playAll.disabled).toBe(false);
    expect(screen.queryByText('None of these favorites has a video yet')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Search favorites...'), { target: { value: 'Adele' } });
    expect(playAll.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Play All', description: 'None of these favorites has a video yet' })).toBe(playAll);
  });

  it('opens a video favorite in the player, not on an artist page', () => {
    const played: PlayRequest[] = [];
    const listen = (event: Event) => played.push((event as CustomEvent<PlayRequest>).detail);
    window.addEventListener(PLAY_EVENT, listen);
    renderApp('/favorites', library.seed());
    fireEvent.click(screen.getByRole('button', { name: /^Bohemian Rhapsody/ }));
    window.removeEventListener(PLAY_EVENT, listen);
    expect(played).toEqual([{ items: [expect.objectContaining({ id: '1-fJ9rUzIMcZQ' })], name: 'Bohemian Rhapsody', startIndex: 0, isPlaylist: false }]);
  });

  it('removes a track after its confirm dialog, and rereads the lists 100 ms later', async () => {
    renderApp('/favorites', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Adele' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Track?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(library.calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Adele' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Adele' })).toBeNull());
    expect(library.calls[0]).toBe(`DELETE ${api.removeFavorite(2)}`);
    await waitFor(() => expect(library.calls).toContain(`GET ${api.favorites()}`));
  });

  it('plays the unfavorite sound when a removal is confirmed and done, not on cancel nor on failure', async () => {
    const sound = vi.mocked(playSound);
    sound.mockClear();
    renderApp('/favorites', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Remove Adele' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Remove Track?' })).getByRole('button', { name: 'Cancel' }));
    expect(sound).not.toHaveBeenCalledWith('unfavorite');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Adele' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Adele' })).toBeNull());
    expect(sound.mock.calls.filter(([name]) => name === 'unfavorite')).toHaveLength(1);
    // The list it left is reread after 100 ms; the others are untouched.
    await waitFor(() => expect(library.calls).toContain(`GET ${api.favorites()}`));
    expect(library.calls).not.toContain(`GET ${api.videoFavorites()}`);
    expect(library.calls).not.toContain(`GET ${api.favoriteFolders()}`);

    // A removal that fails twice (the one retry included) stays silent.
    library.failNext = 2;
    fireEvent.click(screen.getByRole('button', { name: 'Remove Queen' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(screen.getByRole('alertdialog')).getByText('Failed to remove favorite')).toBeTruthy(), { timeout: 3000 });
    expect(sound.mock.calls.filter(([name]) => name === 'unfavorite')).toHaveLength(1);
  });

  it('deletes the folder it shows after a confirm dialog, and goes back to the top level', async () => {
    const { history } = renderApp('/favorites/folder/7', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Delete Folder' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete Folder?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(history.location.pathname).toBe('/favorites'));
    expect(library.calls).toContain(`DELETE ${api.deleteFolder(7)}`);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'My Folders' })).toBeNull());
  });

  it('deleting a folder returns what it held to the main favorites, on screen at once, and says so first', async () => {
    const blur = makeArtist({ id: 3, title: 'Blur', genres: ['Britpop'] });
    const filed: VideoFavorite = { ...video, videoId: 'aaaaaaaaaaa', title: 'Song 2', folderId: 7 };
    library.favorites = [adele];
    library.folders = [{ id: 7, name: 'Road Trip', createdAt: '', artists: [queen, blur] }];
    library.videos = [filed];
    renderApp('/favorites', library.seed());
    expect(screen.queryByRole('heading', { level: 3, name: 'Blur' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete folder Road Trip' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Folder?' });
    expect(text(dialog.textContent!)).toContain('Delete the folder Road Trip? Its tracks go back to your main favorites.');
    library.holdReads = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'My Folders' })).toBeNull();
    for (const title of ['Adele', 'Queen', 'Blur', 'Song 2']) expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
  });

  it('creates a folder from a trimmed name; Create is disabled while the name is blank; Enter submits', async () => {
    renderApp('/favorites', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'New Folder' }));
    const dialog = screen.getByRole('dialog', { name: 'New Folder' });
    const input = within(dialog).getByLabelText('Folder name');
    const create = within(dialog).getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(create.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Late Night  ' } });
    expect(create.disabled).toBe(false);
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(library.folders.map((f) => f.name)).toContain('Late Night');
    expect(within(screen.getByRole('region', { name: 'My Folders' })).getByRole('link', { name: /Late Night/ })).toBeTruthy();
  });

  it('renames the folder it shows from a trimmed name; Rename is disabled while the name is blank or unchanged', async () => {
    renderApp('/favorites/folder/7', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Rename Folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Road Trip' });
    const input = within(dialog).getByLabelText('Folder name') as HTMLInputElement;
    const rename = within(dialog).getByRole('button', { name: 'Rename' }) as HTMLButtonElement;
    expect(input.value).toBe('Road Trip');
    expect(rename.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(rename.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '  Long Drive  ' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(library.calls).toContain(`PATCH ${api.renameFolder(7)}`);
    expect(library.folders.map((f) => f.name)).toEqual(['Long Drive']);
    expect(screen.getByRole('heading', { level: 1, name: 'Long Drive' })).toBeTruthy();
  });

  it('shows the server\'s message when a folder cannot be renamed', async () => {
    library.failNext = 1;
    renderApp('/favorites/folder/7', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'Rename Folder' }));
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('down'));
  });

  it('shows the server\'s message when a folder cannot be created', async () => {
    library.failNext = 1;
    renderApp('/favorites', library.seed());
    fireEvent.click(screen.getByRole('button', { name: 'New Folder' }));
    fireEvent.change(screen.getByLabelText('Folder name'), { target: { value: 'X' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('down'));
  });
});

describe('the favorite heart', () => {
  it('signed out, opens the login dialog', () => {
    const opened = vi.fn();
    window.addEventListener(SHOW_LOGIN_EVENT, opened);
    renderApp('/artist/1', [
      { key: api.artist(1), status: 200, body: queen },
      { key: api.neighbors(1), status: 200, body: { position: 1, total: 2, previousId: 2, nextId: 2 } },
      { key: api.related(1), status: 200, body: [] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Favorites' }));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    window.removeEventListener(SHOW_LOGIN_EVENT, opened);
  });

  it('signed in, asks "Add to Favorites?" first, then saves and fills the heart and the count', async () => {
    library = new FakeLibrary([], [], []);
    vi.stubGlobal('fetch', library.fetch);
    renderApp('/artist/1', [
      ...library.seed(),
      { key: api.artist(1), status: 200, body: queen },
      { key: api.neighbors(1), status: 200, body: { position: 1, total: 2, previousId: 2, nextId: 2 } },
      { key: api.related(1), status: 200, body: [] },
    ]);
    expect(screen.getByRole('button', { name: 'Favorites: 0' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add to Favorites' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Add to Favorites?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from Favorites' }).getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByRole('button', { name: 'Favorites: 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Favorites' }));
    expect(screen.getByRole('alertdialog', { name: 'Remove from Favorites?' })).toBeTruthy();
  });

  it('counts in the header what /favorites lists at the top level: artists and video favorites, not folders', () => {
    // queen and adele at the top level, the video at the top level, one more video filed in a folder
    library.videos = [video, { ...video, videoId: 'AAAAAAAAAAA', folderId: 7 }];
    renderApp('/favorites', library.seed());
    expect(screen.getByRole('button', { name: 'Favorites: 3' })).toBeTruthy();
  });

  it('runs prev/next through the favorites in favorites mode, with "n / total favorites"', () => {
    renderApp('/artist/2?list=favorites', [
      ...library.seed(),
      { key: api.artist(2), status: 200, body: adele },
      { key: api.neighbors(2), status: 200, body: { position: 7, total: 350, previousId: 41, nextId: 43 } },
      { key: api.related(2), status: 200, body: [] },
    ]);
    expect(screen.getByText('2 / 2 favorites', { normalizer: text })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Next artist' }).getAttribute('href')).toBe('/artist/1?list=favorites');
    expect(screen.getByRole('link', { name: /Back/ }).getAttribute('href')).toBe('/favorites');
  });
});

describe('removal retry', () => {
  /** Runs `attempt` as a mutation with the removals' retry options. */
  const removal = <T,>(attempt: () => Promise<T>) => new MutationObserver(createQueryClient(), { ...REMOVAL_RETRY, mutationFn: attempt }).mutate();
  const failed = (status: number) => new HttpError(status, 'Failed to remove favorite', null, 'Failed to remove favorite');

  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries a failed removal once more after 500 ms', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const result = removal(async () => {
      attempts += 1;
      if (attempts === 1) throw failed(503);
      return 'ok';
    });
    await vi.advanceTimersByTimeAsync(REMOVAL_RETRY_MS - 1);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe('ok');
    expect(attempts).toBe(2);
    expect(REMOVAL_RETRY_MS).toBe(500);
  });

  it('gives up after the second failure, and does not retry what is already gone', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    const gaveUp = expect(
      removal(async () => {
        attempts += 1;
        throw failed(503);
      }),
    ).rejects.toThrow('Failed to remove favorite');
    await vi.advanceTimersByTimeAsync(REMOVAL_RETRY_MS * 4);
    await gaveUp;
    expect(attempts).toBe(2);
    attempts = 0;
    await expect(
      removal(async () => {
        attempts += 1;
        throw failed(404);
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
