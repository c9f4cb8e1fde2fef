// Executed in every runtime before the bundle. deno_core provides a bare JS engine (no
// web APIs); this defines the few globals that React's server build and our bundle
// touch, each only if the engine does not already have it (console excepted, below).
// `window` is deliberately left undefined so React takes its server code paths.
((globalThis) => {
  "use strict";

  const define = (name, value) => {
    if (typeof globalThis[name] === "undefined") {
      Object.defineProperty(globalThis, name, {
        value,
        writable: true,
        configurable: true,
        enumerable: false,
      });
    }
  };

  define("self", globalThis);

  // console -> tracing (level 0 debug, 1 info, 2 warn, 3 error) through op_ssr_log.
  // Installed unconditionally: deno_core's own console prints to stdout, which would
  // bypass the server's logs.
  const log = Deno.core.ops.op_ssr_log;
  const show = (v) => {
    if (typeof v === "string") return v;
    if (v instanceof Error) return v.stack || String(v);
    try {
      const json = JSON.stringify(v);
      return json === undefined ? String(v) : json;
    } catch {
      return String(v);
    }
  };
  const logger = (level) => (...args) => log(level, args.map(show).join(" "));
  globalThis.console = {
    debug: logger(0),
    trace: logger(0),
    log: logger(1),
    info: logger(1),
    warn: logger(2),
    error: logger(3),
  };

  // Nothing runs timers: a render is one synchronous call (renderToString), so a
  // callback scheduled with setTimeout is simply never called.
  let nextTimer = 1;
  define("setTimeout", () => nextTimer++);
  define("clearTimeout", () => {});
  define("setInterval", () => nextTimer++);
  define("clearInterval", () => {});
  // deno_core installs a native one; this covers an engine setup without it.
  define("queueMicrotask", (callback) => {
    Promise.resolve().then(callback);
  });
  // react-dom/server.browser creates one at load time for its streaming renderer
  // (renderToReadableStream schedules work with it); renderToString never posts.
  class MessagePort {
    constructor() {
      this.onmessage = null;
    }
    postMessage() {}
    start() {}
    close() {}
  }
  define("MessageChannel", class MessageChannel {
    constructor() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
    }
  });

  // UTF-8 only, as in browsers. Lone surrogates become U+FFFD.
  class TextEncoder {
    get encoding() {
      return "utf-8";
    }
    encode(input = "") {
      const s = String(input);
      const out = new Uint8Array(s.length * 3);
      let n = 0;
      for (let i = 0; i < s.length; i++) {
        let c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            i++;
          }
        }
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) {
          out[n++] = c;
        } else if (c < 0x800) {
          out[n++] = 0xc0 | (c >> 6);
          out[n++] = 0x80 | (c & 0x3f);
        } else if (c < 0x10000) {
          out[n++] = 0xe0 | (c >> 12);
          out[n++] = 0x80 | ((c >> 6) & 0x3f);
          out[n++] = 0x80 | (c & 0x3f);
        } else {
          out[n++] = 0xf0 | (c >> 18);
          out[n++] = 0x80 | ((c >> 12) & 0x3f);
          out[n++] = 0x80 | ((c >> 6) & 0x3f);
          out[n++] = 0x80 | (c & 0x3f);
        }
      }
      return out.slice(0, n);
    }
    encodeInto(input, dest) {
      const bytes = this.encode(input);
      // Only whole characters fit: back off over continuation bytes.
      let written = Math.min(bytes.length, dest.length);
      while (written < bytes.length && written > 0 && (bytes[written] & 0xc0) === 0x80) {
        written--;
      }
      dest.set(bytes.subarray(0, written));
      const read = new TextDecoder().decode(bytes.subarray(0, written)).length;
      return { read, written };
    }
  }

  class TextDecoder {
    constructor(label = "utf-8", options = {}) {
      const l = String(label).trim().toLowerCase();
      if (l !== "utf-8" && l !== "utf8" && l !== "unicode-1-1-utf-8") {
        throw new RangeError(`TextDecoder: unsupported encoding ${label}`);
      }
      this.fatal = Boolean(options.fatal);
      this.ignoreBOM = Boolean(options.ignoreBOM);
    }
    get encoding() {
      return "utf-8";
    }
    // The WHATWG UTF-8 decoder. Streaming (`{stream: true}`) is not supported: each
    // call decodes its whole input.
    decode(input) {
      if (input === undefined) return "";
      const b = ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
      const units = [];
      let out = "";
      const emit = (cp) => {
        if (cp >= 0x10000) {
          cp -= 0x10000;
          units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
        } else {
          units.push(cp);
        }
        if (units.length >= 8192) {
          out += String.fromCharCode.apply(null, units);
          units.length = 0;
        }
      };
      const error = () => {
        if (this.fatal) throw new TypeError("TextDecoder: invalid UTF-8");
        emit(0xfffd);
      };
      let i = !this.ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
      let needed = 0;
      let seen = 0;
      let cp = 0;
      let lower = 0x80;
      let upper = 0xbf;
      for (; i < b.length; i++) {
        const byte = b[i];
        if (needed === 0) {
          if (byte <= 0x7f) {
            emit(byte);
          } else if (byte >= 0xc2 && byte <= 0xdf) {
            needed = 1;
            cp = byte & 0x1f;
          } else if (byte >= 0xe0 && byte <= 0xef) {
            if (byte === 0xe0) lower = 0xa0;
            if (byte === 0xed) upper = 0x9f;
            needed = 2;
            cp = byte & 0x0f;
          } else if (byte >= 0xf0 && byte <= 0xf4) {
            if (byte === 0xf0) lower = 0x90;
            if (byte === 0xf4) upper = 0x8f;
            needed = 3;
            cp = byte & 0x07;
          } else {
            error();
          }
          continue;
        }
        if (byte < lower || byte > upper) {
          // The sequence so far is one error; this byte starts afresh.
          needed = seen = cp = 0;
          lower = 0x80;
          upper = 0xbf;
          error();
          i--;
          continue;
        }
        lower = 0x80;
        upper = 0xbf;
        cp = (cp << 6) | (byte & 0x3f);
        if (++seen === needed) {
          emit(cp);
          needed = seen = cp = 0;
        }
      }
      if (needed !== 0) error();
      return out + String.fromCharCode.apply(null, units);
    }
  }

  define("TextEncoder", TextEncoder);
  define("TextDecoder", TextDecoder);
})(globalThis);
