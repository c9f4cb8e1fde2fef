import { describe, expect, it } from 'vitest';
import { createVideoPlayer, extractVideoId, isChannelLink, MAX_PLAYERS, registrySize, videoEvent } from './video-service';

describe('the video service adapter', () => {
  it('takes the 11-character id from every kind of video link', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?t=3',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      '//www.youtube.com/watch?v=dQw4w9WgXcQ',
      ' dQw4w9WgXcQ ',
    ]) {
      expect(extractVideoId(link), link).toBe('dQw4w9WgXcQ');
    }
  });

  it('accepts nothing but an 11-character id', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXc',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQQ',
      'https://www.youtube.com/watch?v=dQw4w9WgX$Q',
      'https://www.youtube.com/@SoundAtlas',
      'https://example.com/watch?v=dQw4w9WgXcQ',
      'not a link',
      '',
      null,
      undefined,
    ]) {
      expect(extractVideoId(link), String(link)).toBeNull();
    }
  });

  it('knows channel links apart from video links', () => {
    expect(isChannelLink('https://www.youtube.com/@SoundAtlas')).toBe(true);
    expect(isChannelLink('https://www.youtube.com/channel/UC123')).toBe(true);
    expect(isChannelLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(false);
    expect(isChannelLink('https://example.com/@x')).toBe(false);
  });

  it('names the service state codes as the spec events', () => {
    expect([-1, 0, 1, 2, 3, 5].map(videoEvent)).toEqual(['unstarted', 'ended', 'playing', 'paused', 'buffering', 'cued']);
    expect(videoEvent(4)).toBeNull();
  });
});

describe('the player registry', () => {
  /** A stand-in for the iframe API's Player: ready on the next tick, records destroys. */
  class FakePlayer {
    static destroyed: string[] = [];
    private readonly id: string;
    constructor(element: HTMLElement, options: { events?: { onReady?: (event: { target: unknown }) => void } }) {
      this.id = element.id;
      setTimeout(() => options.events?.onReady?.({ target: this }), 0);
    }
    loadVideoById() {}
    cueVideoById() {}
    playVideo() {}
    pauseVideo() {}
    seekTo() {}
    getCurrentTime() {
      return 0;
    }
    getDuration() {
      return 0;
    }
    setVolume() {}
    destroy() {
      FakePlayer.destroyed.push(this.id);
    }
  }

  const mount = (id: string) => Object.assign(document.createElement('div'), { id });

  it('never holds more than 3 players: a fourth destroys the oldest, and a key reused replaces its player', async () => {
    window.YT = { Player: FakePlayer as never };
    const created = [];
    for (const key of ['a', 'b', 'c', 'd']) {
      created.push(await createVideoPlayer(mount(key), `overlay:${key}`, { videoId: 'dQw4w9WgXcQ' }));
      expect(registrySize()).toBeLessThanOrEqual(MAX_PLAYERS);
    }
    expect(MAX_PLAYERS).toBe(3);
    expect(registrySize()).toBe(3);
    expect(FakePlayer.destroyed).toEqual(['a']);

    await createVideoPlayer(mount('b2'), 'overlay:b', { videoId: 'dQw4w9WgXcQ' });
    expect(FakePlayer.destroyed).toEqual(['a', 'b']);
    expect(registrySize()).toBe(3);

    for (const player of created) player.destroy();
    expect(registrySize()).toBe(1);
    delete window.YT;
  });
});
