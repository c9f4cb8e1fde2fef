// The yardstick for the server's cold renders: a plain Node HTTP server that loads the
// same server bundle (ui/build.mjs output) and calls its `render` for every request,
// no cache. It answers GET <url> for the URLs in the states file (JSON: { url: state },
// the page states the Rust server embedded in its pages) with the rendered markup.
//   node e2e/perf/node-yardstick.mjs <server.js> <states.json> <port>
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import vm from 'node:vm';

const [bundlePath, statesPath, port] = process.argv.slice(2);
vm.runInThisContext(readFileSync(bundlePath, 'utf8'), { filename: 'server.js' });
const states = JSON.parse(readFileSync(statesPath, 'utf8'));

createServer((req, res) => {
  const state = states[req.url];
  if (!state) {
    res.writeHead(404).end();
    return;
  }
  const { html } = JSON.parse(globalThis.render(JSON.stringify({ url: req.url, state })));
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><body><div id="root">${html}</div></body></html>`);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
