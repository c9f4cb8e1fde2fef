// A real OpenID Connect provider (oidc-provider) for tests, with automatic login.
//
//   PORT=... REDIRECT_URI=... node support/oidc-provider.mjs
//
// Issuer http://127.0.0.1:PORT; one confidential client "sound-atlas" (secret
// "test-secret"), PKCE S256 required. Test controls (plain HTTP on the same port):
//   POST /test/login?sub=alice&email=alice@idp.test  -> who the next logins are
//   POST /test/audience?aud=someone-else             -> ID tokens re-signed with that
//                                                       audience (empty: normal)
import http from 'node:http';
import Provider from 'oidc-provider';
import * as jose from 'jose';

const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
const redirectUri = process.env.REDIRECT_URI;

const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
const jwk = { ...(await jose.exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

let login = { sub: 'alice', email: 'alice@idp.test' };
const emails = new Map();
let forcedAudience = '';

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'sound-atlas',
      client_secret: 'test-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  jwks: { keys: [jwk] },
  pkce: { required: () => true },
  claims: { openid: ['sub'], email: ['email', 'email_verified'] },
  features: { devInteractions: { enabled: false } },
  cookies: { keys: ['a test cookie key'] },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  findAccount: async (_ctx, sub) => ({
    accountId: sub,
    claims: async () => ({ sub, email: emails.get(sub), email_verified: true }),
  }),
});

// Tokens answer: optionally swap the ID token for one meant for another audience,
// signed with the provider's own key (so only the audience check can catch it).
provider.use(async (ctx, next) => {
  await next();
  if (forcedAudience && ctx.path === '/token' && ctx.body && ctx.body.id_token) {
    const payload = jose.decodeJwt(ctx.body.id_token);
    payload.aud = forcedAudience;
    ctx.body.id_token = await new jose.SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .sign(privateKey);
  }
});

const callback = provider.callback();

async function interaction(req, res) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === 'login') {
    emails.set(login.sub, login.email);
    await provider.interactionFinished(req, res, { login: { accountId: login.sub } }, {
      mergeWithLastSubmission: false,
    });
    return;
  }
  const grant = new provider.Grant({
    accountId: details.session.accountId,
    clientId: details.params.client_id,
  });
  grant.addOIDCScope('openid email');
  const grantId = await grant.save();
  await provider.interactionFinished(req, res, { consent: { grantId } }, {
    mergeWithLastSubmission: true,
  });
}

http
  .createServer((req, res) => {
    const url = new URL(req.url, issuer);
    if (url.pathname === '/test/login') {
      login = { sub: url.searchParams.get('sub'), email: url.searchParams.get('email') };
      res.end('ok');
    } else if (url.pathname === '/test/audience') {
      forcedAudience = url.searchParams.get('aud') || '';
      res.end('ok');
    } else if (url.pathname.startsWith('/interaction/')) {
      interaction(req, res).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    } else {
      callback(req, res);
    }
  })
  .listen(port, '127.0.0.1', () => console.log(`oidc-provider ready at ${issuer}`));
