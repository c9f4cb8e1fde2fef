// A real development SMTP server (maildev) for the tests that send mail: started on free
// ports, read through its REST API. Shared by the e2e files, the fuzzer and the load run;
// `startSiteWithMail` starts the test site with its mail going there.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, start, until } from './harness.mjs';

export { until };

const e2e = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts maildev. `env` points the server's SMTP at it; `mailTo` waits for the first mail
 * to an address whose subject matches.
 */
export async function startMail() {
  const [smtpPort, webPort] = await Promise.all([freePort(), freePort()]);
  const child = spawn(`${e2e}node_modules/.bin/maildev`, ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1'], {
    stdio: 'ignore',
  });
  const api = `http://127.0.0.1:${webPort}/api`;
  await until('maildev', async () => (await fetch(`${api}/email`)).ok);
  return {
    /** maildev's REST API (`${api}/email` lists every mail received). */
    api,
    env: { SOUND_ATLAS_SMTP_HOST: '127.0.0.1', SOUND_ATLAS_SMTP_PORT: String(smtpPort), SOUND_ATLAS_SMTP_TLS: 'none' },
    mailTo: (address, subject = /./) =>
      until(`mail to ${address}`, async () => {
        const mails = await (await fetch(`${api}/email`)).json();
        return mails.find((m) => m.to.some((to) => to.address === address) && subject.test(m.subject));
      }),
    stop: () => child.kill(),
  };
}

/** The test site (`start(options)`) mailing through a fresh maildev: { site, mail, stop } (stop ends both). */
export async function startSiteWithMail(options = {}) {
  const mail = await startMail();
  try {
    const site = await start({ ...options, env: { ...mail.env, ...options.env } });
    const stop = async () => {
      await site.stop();
      mail.stop();
    };
    return { site, mail, stop };
  } catch (err) {
    mail.stop();
    throw err;
  }
}
