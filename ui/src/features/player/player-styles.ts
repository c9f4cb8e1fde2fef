/**
 * The player's styles, shipped inside its lazily loaded chunk (React hoists the
 * <style> into the head once): a page that never plays downloads none of it.
 * Layers: mini card 50 (over the header, under the menu drawer), overlay 75 and its
 * video 76 (under the dialogs at 80, so a confirmation can open over the player).
 */
export const PLAYER_CSS = `
/* The full-screen overlays are opaque: the page must not show through them. Grid tracks are minmax(0,...): an auto track grows to a long unbroken title and pushes the row's buttons off-screen. */
.player-video{position:fixed;left:-10000px;top:0;width:320px;height:180px;overflow:hidden;pointer-events:none}
.player-video--shown{z-index:76;pointer-events:auto;border-radius:var(--radius);background:#000}
.player-video[data-error]{visibility:hidden}
.player-video>*{width:100%;height:100%;border:0;display:block}
.player-btn{display:inline-grid;place-items:center;min-width:40px;min-height:40px;padding:0;border:1px solid transparent;border-radius:50%;background:transparent;color:var(--text);cursor:pointer}
.player-btn:hover{background:var(--surface-3)}
.player-btn:focus-visible{outline:none;box-shadow:var(--focus)}
.player-btn[aria-pressed="true"]{color:var(--accent);border-color:var(--accent)}
.player-btn--main{background:var(--gradient);color:#120c1e}
.player-btn--main:hover{background:var(--gradient);filter:brightness(1.08)}
.player-mini{position:fixed;right:1rem;bottom:1rem;z-index:50;width:min(340px,calc(100vw - 2rem));padding:.75rem .9rem;border:1px solid var(--border-strong);border-radius:var(--radius);background:var(--surface);box-shadow:var(--shadow-lg)}
.player-mini-head{display:flex;align-items:center;gap:.25rem}
.player-mini-text{flex:1;min-width:0}
.player-mini-title{margin:0;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.player-mini-count{margin:0;font-size:.8rem;color:var(--text-muted)}
.player-mini-controls{display:flex;align-items:center;justify-content:center;gap:.35rem}
.player-mini-queue-panel{max-height:40vh;overflow:auto;margin-top:.5rem;border-top:1px solid var(--border)}
.player-mini-queue{list-style:none;margin:0;padding:.25rem 0}
.player-mini-queue li{display:flex;align-items:center;gap:.4rem;padding:.15rem 0;min-width:0}
.player-mini-queue .player-queue-title{flex:1}
.player-mini-queue li.is-current .player-queue-title{color:var(--accent);font-weight:600}
.player-seek{display:flex;align-items:center;gap:.5rem;margin:.35rem 0}
.player-seek input{flex:1;accent-color:var(--accent-2);min-width:0}
.player-time{font-size:.78rem;color:var(--text-muted);font-variant-numeric:tabular-nums;min-width:2.6rem;text-align:center}
.player-overlay{position:fixed;inset:0;z-index:75;display:flex;flex-direction:column;background:rgb(10,11,16);overflow:auto}
.player-overlay-head{display:flex;align-items:center;gap:.75rem;flex-wrap:wrap;padding:.75rem var(--gutter);border-bottom:1px solid var(--border)}
.player-overlay-title{flex:1;margin:0;font-size:1.25rem;min-width:10rem}
.player-overlay-actions{display:flex;gap:.25rem}
.player-folder select{padding:.45rem .6rem;border:1px solid var(--border-strong);border-radius:var(--radius-sm);background:var(--surface-2);color:var(--text);font:inherit}
.player-overlay-body{display:grid;gap:1.5rem;padding:1rem var(--gutter) 2rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:900px){.player-overlay-body{grid-template-columns:minmax(0,3fr) minmax(280px,2fr)}}
.player-video-slot{position:relative;aspect-ratio:16/9;width:100%;border-radius:var(--radius);background:#000}
.player-video-error{position:absolute;inset:0;display:grid;place-items:center;margin:0;padding:1rem;text-align:center;color:var(--danger);z-index:77}
.player-controls{display:flex;align-items:center;justify-content:center;gap:.5rem;flex-wrap:wrap}
.player-volume{position:relative;display:flex;align-items:center;gap:.4rem}
.player-volume-panel{display:flex;align-items:center;gap:.4rem}
.player-volume-panel input{width:7rem;accent-color:var(--accent)}
.player-volume-label{font-size:.8rem;color:var(--text-muted);min-width:2.5rem}
.player-now{margin-top:1rem}
.player-now-title{margin:0 0 .15rem;font-size:1.2rem}
.player-now-count{margin:0 0 .5rem;color:var(--text-muted)}
.player-genres{display:inline-flex;flex-wrap:wrap;gap:.3rem}
.player-genre{padding:.1rem .5rem;border-radius:999px;background:var(--gradient-soft);border:1px solid var(--border-strong);font-size:.72rem;color:var(--text)}
.player-queue-panel{min-width:0}
.player-queue-heading{margin:0 0 .5rem;font-size:1.05rem}
.player-queue{list-style:none;margin:0;padding:0;display:grid;gap:.35rem;grid-template-columns:minmax(0,1fr)}
.player-queue-row{display:flex;align-items:center;gap:.4rem;padding:.35rem .4rem;border:1px solid var(--border);border-radius:var(--radius-sm);background:var(--surface)}
.player-queue-row.is-current{border-color:var(--accent);background:var(--surface-2)}
.player-queue-row.is-dragging{opacity:.5}
.player-queue-row.is-drop-target{border-style:dashed;border-color:var(--accent-2)}
.player-queue-handle{display:grid;place-items:center;width:28px;height:36px;padding:0;border:0;background:transparent;color:var(--text-muted);cursor:grab;border-radius:var(--radius-sm)}
.player-queue-handle:focus-visible,.player-queue-number:focus-visible{outline:none;box-shadow:var(--focus)}
.player-queue-number{min-width:2rem;min-height:32px;padding:0 .3rem;border:0;border-radius:var(--radius-sm);background:var(--surface-3);color:var(--text);font:inherit;font-size:.85rem;cursor:pointer}
.player-queue-text{flex:1;min-width:0;display:flex;flex-direction:column;gap:.15rem;cursor:pointer;user-select:none}
.player-queue-title{display:block;min-width:0;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.player-queue-actions{display:flex;flex:none}
.player-queue-actions .player-btn{min-width:32px;min-height:32px}
.video-overlay{position:fixed;inset:0;z-index:78;display:flex;flex-direction:column;background:rgb(5,6,10);touch-action:pan-y}
.video-overlay-bar{display:flex;align-items:flex-start;justify-content:space-between;gap:1rem;flex-wrap:wrap;padding:.9rem var(--gutter)}
.video-overlay-title{margin:0;font-size:1.2rem}
.video-overlay-artist{margin:0;color:var(--text-muted)}
.video-overlay-position{display:flex;gap:.6rem;margin:.2rem 0 0;font-size:.85rem;color:var(--text-muted)}
.video-overlay-rank{font-weight:700;color:var(--accent)}
.video-overlay-actions{display:flex;gap:.5rem}
.video-overlay-main{flex:1;display:flex;align-items:center;gap:.5rem;padding:0 .5rem 1rem;min-height:0}
.video-overlay-stage{position:relative;flex:1;align-self:center;aspect-ratio:16/9;max-height:100%;background:#000;border-radius:var(--radius);overflow:hidden}
.video-overlay-slot{position:absolute;inset:0;visibility:hidden}
.video-overlay-slot[data-current="true"]{visibility:visible}
.video-overlay-slot>*{width:100%;height:100%;border:0;display:block}
.video-overlay-card{position:absolute;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:.75rem;background:var(--surface-2)}
.video-overlay-card img{max-width:60%;max-height:60%;object-fit:cover;border-radius:var(--radius)}
.video-overlay-card-note{margin:0;font-weight:600;color:var(--text-muted)}
.video-overlay-swipe{display:none;position:absolute;top:0;bottom:64px;width:min(22%,88px);z-index:1;touch-action:pan-y}
.video-overlay-swipe--start{left:0}
.video-overlay-swipe--end{right:0}
@media (pointer:coarse){.video-overlay-swipe{display:block}}
.video-overlay-arrow{flex:none;background:var(--surface-2)}
.video-overlay-arrow:disabled{opacity:.4;cursor:default}
`;
