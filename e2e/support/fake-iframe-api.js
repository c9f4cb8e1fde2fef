// A local fake of the video service's iframe API (https://www.youtube.com/iframe_api),
// served by the server at /video/iframe_api only when SOUND_ATLAS_TEST_FAKE_VIDEO names
// this file (crates/server/src/video_api.rs), so end-to-end tests play offline.
// It keeps the API's shape: window.YT.Player(element, { host, videoId, playerVars,
// events: { onReady, onStateChange, onError } }), YT.PlayerState, the player methods
// the adapter calls, and window.onYouTubeIframeAPIReady. Instead of an iframe it puts a
// <div data-fake-video> in the element's place (id, host and state as attributes), and
// its clock runs 10x faster than real time so tracks can end within a test.
// Test hooks live on window.__fakeVideo: players (alive), created (count), end(), and
// two maps a test fills by video id: refused (id -> the service's error code, sent through
// onError instead of playing) and heldBack (ids whose autoplay the browser holds back:
// loading one leaves it unstarted until playVideo()).
(function () {
  'use strict';
  var State = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 };
  var hooks = (window.__fakeVideo = window.__fakeVideo || { players: [], created: 0, duration: 180, speed: 10 });
  hooks.refused = hooks.refused || {};
  hooks.heldBack = hooks.heldBack || {};

  function Player(target, options) {
    var element = typeof target === 'string' ? document.getElementById(target) : target;
    if (!element) throw new Error('fake YT.Player: no element');
    options = options || {};
    this._events = options.events || {};
    this._host = options.host || 'https://www.youtube.com';
    this._videoId = options.videoId || '';
    this._state = State.UNSTARTED;
    this._time = 0;
    this._volume = 100;
    this._muted = false;
    this._timer = null;
    var frame = document.createElement('div');
    frame.setAttribute('data-fake-video', '');
    frame.id = element.id;
    frame.className = element.className;
    frame.style.width = '100%';
    frame.style.height = '100%';
    frame.style.background = '#000';
    element.replaceWith(frame);
    this._frame = frame;
    this._render();
    hooks.players.push(this);
    hooks.created += 1;
    var self = this;
    setTimeout(function () {
      if (self._destroyed) return;
      self._fire('onReady', undefined);
      var autoplay = options.playerVars && options.playerVars.autoplay;
      if (self._videoId) self._start(!!autoplay);
    }, 30);
  }

  Player.prototype._render = function () {
    var frame = this._frame;
    frame.setAttribute('data-video-id', this._videoId);
    frame.setAttribute('data-host', this._host);
    frame.setAttribute('data-state', String(this._state));
    frame.setAttribute('data-volume', String(this._muted ? 0 : this._volume));
    frame.setAttribute('data-time', String(Math.floor(this._time)));
  };
  Player.prototype._fire = function (name, data) {
    var handler = this._events[name];
    if (typeof handler === 'function') handler({ target: this, data: data });
  };
  Player.prototype._setState = function (state) {
    var self = this;
    this._state = state;
    clearInterval(this._timer);
    this._timer = null;
    if (state === State.PLAYING) {
      var last = Date.now();
      this._timer = setInterval(function () {
        var now = Date.now();
        self._time += ((now - last) / 1000) * hooks.speed;
        last = now;
        if (self._time >= hooks.duration) {
          self._time = hooks.duration;
          self._setState(State.ENDED);
        }
        self._render();
      }, 100);
    }
    this._render();
    this._fire('onStateChange', state);
  };
  /** A video just set: refused (onError), held back (left unstarted), or playing or cued. */
  Player.prototype._start = function (play) {
    var self = this;
    var code = hooks.refused[this._videoId];
    if (code) {
      setTimeout(function () {
        if (!self._destroyed) self._fire('onError', code);
      }, 10);
      return;
    }
    if (play && hooks.heldBack[this._videoId]) return;
    this._setState(play ? State.PLAYING : State.CUED);
  };
  Player.prototype._load = function (idOrOptions, play) {
    var id = typeof idOrOptions === 'object' && idOrOptions ? idOrOptions.videoId : idOrOptions;
    var start = typeof idOrOptions === 'object' && idOrOptions ? idOrOptions.startSeconds || 0 : 0;
    this._videoId = String(id || '');
    this._time = start;
    this._setState(State.UNSTARTED);
    this._start(play);
  };
  Player.prototype.loadVideoById = function (idOrOptions, startSeconds) {
    this._load(typeof idOrOptions === 'string' ? { videoId: idOrOptions, startSeconds: startSeconds } : idOrOptions, true);
  };
  Player.prototype.cueVideoById = function (idOrOptions, startSeconds) {
    this._load(typeof idOrOptions === 'string' ? { videoId: idOrOptions, startSeconds: startSeconds } : idOrOptions, false);
  };
  Player.prototype.playVideo = function () {
    if (this._videoId && !hooks.refused[this._videoId] && this._state !== State.PLAYING) {
      if (this._state === State.ENDED) this._time = 0;
      this._setState(State.BUFFERING);
      this._setState(State.PLAYING);
    }
  };
  Player.prototype.pauseVideo = function () {
    if (this._state === State.PLAYING || this._state === State.BUFFERING) this._setState(State.PAUSED);
  };
  Player.prototype.stopVideo = function () {
    this._time = 0;
    this._setState(State.CUED);
  };
  Player.prototype.seekTo = function (seconds) {
    this._time = Math.max(0, Math.min(Number(seconds) || 0, hooks.duration));
    this._render();
  };
  Player.prototype.getCurrentTime = function () { return this._time; };
  Player.prototype.getDuration = function () { return this._videoId ? hooks.duration : 0; };
  Player.prototype.getPlayerState = function () { return this._state; };
  Player.prototype.setVolume = function (volume) { this._volume = Math.max(0, Math.min(100, Number(volume))); this._render(); };
  Player.prototype.getVolume = function () { return this._volume; };
  Player.prototype.mute = function () { this._muted = true; this._render(); };
  Player.prototype.unMute = function () { this._muted = false; this._render(); };
  Player.prototype.isMuted = function () { return this._muted; };
  Player.prototype.getIframe = function () { return this._frame; };
  Player.prototype.getVideoData = function () { return { video_id: this._videoId, title: '' }; };
  Player.prototype.destroy = function () {
    clearInterval(this._timer);
    this._destroyed = true;
    this._frame.remove();
    var index = hooks.players.indexOf(this);
    if (index >= 0) hooks.players.splice(index, 1);
  };

  /** Ends whichever fake player is playing (as if its video reached its end). */
  hooks.end = function () {
    hooks.players.forEach(function (player) {
      if (player._state === State.PLAYING) {
        player._time = hooks.duration;
        player._setState(State.ENDED);
      }
    });
  };

  window.YT = { Player: Player, PlayerState: State, loaded: 1 };
  setTimeout(function () {
    if (typeof window.onYouTubeIframeAPIReady === 'function') window.onYouTubeIframeAPIReady();
  }, 0);
})();
