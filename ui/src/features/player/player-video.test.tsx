import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { createVideoPlayer, type VideoHandlers, type VideoPlayer } from '../../lib/video-service';
import Player, { OPEN_DELAY_MS, PLAY_DELAY_MS } from './player';

// The video service at its boundary: a player whose readiness the test decides, and which
// reports its state as the service does (a cued video says "cued", a played one "playing").
vi.mock('../../lib/sound', () => ({ playSound: vi.fn(), playHoverSound: vi.fn() }));
vi.mock('../../lib/video-service', async (original) => ({
  ...(await original<typeof import('../../lib/video-service')>()),
  createVideoPlayer: vi.fn(),
}));

interface FakeVideo extends VideoPlayer {
  commands: string[];
}

function fakeVideo(handlers: VideoHandlers): FakeVideo {
  const commands: string[] = [];
  return {
    key: 'playlist',
    commands,
    load(videoId, { autoplay = true } = {}) {
      commands.push(`${autoplay ? 'load' : 'cue'} ${videoId}`);
      handlers.onEvent?.(autoplay ? 'playing' : 'cued');
    },
    play() {
      commands.push('play');
      handlers.onEvent?.('playing');
    },
    pause() {
      commands.push('pause');
      handlers.onEvent?.('paused');
    },
    seek: () => undefined,
    setVolume: () => undefined,
    currentTime: () => 0,
    duration: () => 0,
    destroy: () => undefined,
  };
}

const items = [1, 2].map((n) => ({ id: String(n), title: `Song ${n}`, soloVideoLink: `https://youtu.be/videoRace0${n}`, genres: [] }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  window.sessionStorage.clear();
});

describe('the playlist video', () => {
  it('plays when its video is cued in the moment Play is asked for, before the page shows it', async () => {
    let ready: (player: VideoPlayer) => void = () => undefined;
    let video: FakeVideo | null = null;
    vi.mocked(createVideoPlayer).mockImplementation((_element, _key, _options, handlers = {}) => {
      video = fakeVideo(handlers);
      return new Promise((resolve) => (ready = resolve));
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Player initialRequest={{ items, name: 'Race' }} />
      </QueryClientProvider>,
    );
    // The opening: the playlist loads and asks the service for a player.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OPEN_DELAY_MS);
    });
    expect(createVideoPlayer).toHaveBeenCalledTimes(1);
    // Play is asked for, and the player becomes ready (cueing, as nothing played yet)
    // before that request has reached the screen: the cue's report must not undo it.
    await act(async () => {
      vi.advanceTimersByTime(PLAY_DELAY_MS);
      ready(video!);
      await Promise.resolve();
    });
    expect(video!.commands).toEqual(['cue videoRace01', 'play']);
  });
});
