// The data saver's fixture, shared by its test and its benchmark (perf/data-saver-bytes.mjs).

/** Three new songs with videos (made-up ids: their thumbnails are what the saver holds back), released the last three days. */
export function dataSaverSongs() {
  return ['aaaaaaaaaa1', 'bbbbbbbbbb2', 'cccccccccc3'].map((videoId, i) => ({
    songName: `Saver Song ${i + 1}`,
    artistName: 'Saver Artist',
    videoId,
    releaseDate: new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10),
  }));
}
