// Executed in every runtime before the bundle. deno_core provides a bare JS engine (no
// web APIs); this defines the few globals that React's server build and our bundle
// touch, each only if the engine does not already have it. `window` is deliberately
// left undefined so React takes its server code paths.
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
    // Streaming (`{stream: true}`) is not supported: each call decodes whole input.
    decode(input) {
      if (input === undefined) return "";
      const b = ArrayBuffer.isView(input)
        ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
        : new Uint8Array(input);
      let i = !this.ignoreBOM && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0;
      const units = [];
      let out = "";
      const bad = () => {
        if (this.fatal) throw new TypeError("TextDecoder: invalid UTF-8");
        units.push(0xfffd);
      };
      while (i < b.length) {
        const c = b[i];
        let need = 0;
        let cp = 0;
        let min = 0;
        if (c < 0x80) {
          units.push(c);
          i++;
        } else {
          if (c >= 0xc2 && c <= 0xdf) [need, cp, min] = [1, c & 0x1f, 0x80];
          else if (c >= 0xe0 && c <= 0xef) [need, cp, min] = [2, c & 0x0f, 0x800];
          else if (c >= 0xf0 && c <= 0xf4) [need, cp, min] = [3, c & 0x07, 0x10000];
          let j = 1;
          for (; need && j <= need; j++) {
            const d = b[i + j];
            if (d === undefined || (d & 0xc0) !== 0x80) break;
            cp = (cp << 6) | (d & 0x3f);
          }
          if (!need || j <= need || cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            bad();
            // A truncated sequence is one error; an overlong or out-of-range one is an
            // error per byte (its continuation bytes fail on their own), as WHATWG says.
            i += need && j > need ? 1 : j;
          } else {
            if (cp >= 0x10000) {
              cp -= 0x10000;
              units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
            } else {
              units.push(cp);
            }
            i += need + 1;
          }
        }
        if (units.length >= 8192) {
          out += String.fromCharCode.apply(null, units);
          units.length = 0;
        }
      }
      return out + String.fromCharCode.apply(null, units);
    }
  }

  define("TextEncoder", TextEncoder);
  define("TextDecoder", TextDecoder);
})(globalThis);
