/**
 * The probes of `npm run attack`, one group per item of issue 18, each from outside: HTTP, WebSocket and the mail the
 * server sends. Every address is an attacker's view: literal URLs, not the contracts package.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';
import { call, describe, linkToken, type Answer, type CallOptions, type Report, type SmtpSink } from './harness.ts';
import { totpCode } from './totp.ts';

export type Target = {
  base: string;
  port: number;
  sink: SmtpSink;
  report: Report;
  admin: { email: string; password: string; totpSecret: string };
  log: () => string;
};

const STRONG = 'Attack-Proof-2026!';
const unique = (label: string) => `${label}-${crypto.randomBytes(5).toString('hex')}@example.com`;
/** A loopback source address per simulated client: 127.0.<a>.<b>. */
const client = (n: number) => `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`;

export async function probeAll(t: Target): Promise<void> {
  const api = (method: string, target: string, options?: CallOptions) => call(t.base, method, target, options);
  let nextClient = 10;
  const newClient = () => client(nextClient++);

  /** A sign-up as the form sends it: without a password, or with one on a server that still asks for it there. */
  const signUp = async (from: string, email: string, companyName: string) => {
    const fields = { email, companyName, privacyPolicy: true, personalData: true };
    const answer = await api('POST', '/api/passport/owner/signup', { from, body: fields });
    return answer.status === 400 ? api('POST', '/api/passport/owner/signup', { from, body: { ...fields, password: STRONG, repeatPassword: STRONG } }) : answer;
  };

  /**
   * An owner signed up from his own client address, verified by his mailed link, with the password STRONG and a
   * session. Sign-up asks for the password after the mailed link; a server that still takes it in the sign-up form
   * (before issue 18) gets it there.
   */
  const owner = async (label: string) => {
    const from = newClient();
    const email = unique(label);
    const signup = await signUp(from, email, label);
    if (signup.status >= 300) throw new Error(`sign-up of ${label}: ${describe(signup)}`);
    const verified = await api('POST', '/api/passport/owner/verification', { from, body: { token: linkToken(await t.sink.waitFor(email)).token } });
    if (verified.status !== 200 || !verified.json?.result?.token) throw new Error(`verification of ${label}: ${describe(verified)}`);
    const token = verified.json.result.token;
    if (verified.json.result.hasPassword === false) {
      const chosen = await api('PATCH', '/api/owner/self', { from, token, body: { password: STRONG, repeatPassword: STRONG } });
      if (chosen.status !== 200) throw new Error(`first password of ${label}: ${describe(chosen)}`);
    }
    return { email, token, id: verified.json.result.id ?? '', from };
  };

  const adminSession = await adminSignIn(t, api);

  // --- Critical: the outbox ----------------------------------------------------------------------------------------
  t.report.section('Critical: nobody reads mail without being an administrator');
  {
    const from = newClient();
    const before = t.sink.to(t.admin.email).length;
    await api('POST', '/api/admin/mail/login-link', { from, body: { username: t.admin.email } });
    const mail = await t.sink.waitFor(t.admin.email, before + 1);
    const { token } = linkToken(mail);
    for (const target of ['/dev/mail', '/dev/mail.json', `/dev/mail.json?to=${encodeURIComponent(t.admin.email)}`]) {
      await t.report.probe(`anonymous GET ${target} shows no mail`, 'neither the administrator address nor the link token in the answer', async () => {
        const answer = await api('GET', target, { from });
        const leaks = [t.admin.email, token].filter((secret) => answer.text.includes(secret));
        return {
          observed: `${answer.status}, ${leaks.length === 0 ? 'no mail content' : `contains ${leaks.length === 2 ? 'address and token' : 'the address'}`}`,
          ok: leaks.length === 0,
        };
      });
    }
    await t.report.probe('a mailed administrator link alone gives no session (second factor)', 'a challenge for the second factor, no token', async () => {
      const answer = await api('POST', `/api/admin/login/magic/${token}`, { from });
      const step = answer.json?.result?.challenge ? `, a challenge (${String(answer.json.result.secondFactor)})` : '';
      return {
        observed: `${describe(answer)}${answer.json?.result?.token ? ', session token issued' : step}`,
        ok: !answer.json?.result?.token && Boolean(answer.json?.result?.challenge),
      };
    });
    await t.report.probe('the outbox screen is for administrators only (anonymous, owner)', '401 anonymous, 403 owner', async () => {
      const someone = await owner('outbox-reader');
      const anonymous = await api('GET', OUTBOX_PATH, { from });
      const asOwner = await api('GET', OUTBOX_PATH, { from, token: someone.token });
      return { observed: `anonymous ${anonymous.status}, owner ${asOwner.status}`, ok: anonymous.status === 401 && asOwner.status === 403 };
    });
    await t.report.probe('an administrator reads the outbox screen', `200 listing the mail to ${t.admin.email}`, async () => {
      if (!adminSession.token) return { observed: 'no administrator session (see the TOTP probes)', ok: false };
      const answer = await api('GET', OUTBOX_PATH, { token: adminSession.token });
      return {
        observed: `${describe(answer)}${answer.text.includes(t.admin.email) ? ', lists the mail' : ''}`,
        ok: answer.status === 200 && answer.text.includes(t.admin.email),
      };
    });
  }

  // --- Second factor -----------------------------------------------------------------------------------------------
  t.report.section('Administrators sign in with a second factor (TOTP)');
  await t.report.probe('administrator password alone gives no session', 'no token, a challenge for a code (factor pre-enrolled)', async () => ({
    observed: adminSession.passwordOnly,
    ok: adminSession.challenged,
  }));
  await t.report.probe('administrator password + current TOTP code gives a session', '200 with a token that opens /api/admin/owners', async () => {
    if (!adminSession.token) return { observed: adminSession.withCode, ok: false };
    const owners = await api('GET', '/api/admin/owners', { token: adminSession.token });
    return { observed: `${adminSession.withCode}; /api/admin/owners ${owners.status}`, ok: adminSession.challenged && owners.status === 200 };
  });
  await t.report.probe('a wrong TOTP code is refused', '4xx, no token', async () => ({ observed: adminSession.wrongCode, ok: adminSession.wrongCodeRefused }));
  await t.report.probe('a TOTP code works once (replayed on a new sign-in)', '4xx, no token', async () => ({
    observed: adminSession.replay,
    ok: adminSession.replayRefused,
  }));

  await t.report.probe(
    'an owner may turn TOTP on; then his password asks for a code, and a recovery code works once',
    'challenge (code); recovery code 200; the same recovery code again 4xx',
    async () => {
      const someone = await owner('totp-owner');
      const enrolment = await api('POST', '/api/owner/second-factor/enrolment', { from: someone.from, token: someone.token });
      const secret = enrolment.json?.result?.secret;
      if (typeof secret !== 'string') return { observed: `no enrolment: ${describe(enrolment)}`, ok: false };
      const enabled = await api('PUT', '/api/owner/second-factor', {
        from: someone.from,
        token: someone.token,
        body: { password: STRONG, code: totpCode(secret) },
      });
      const recovery = (enabled.json?.result?.recoveryCodes as string[] | undefined)?.[0];
      if (!recovery) return { observed: `not turned on: ${describe(enabled)}`, ok: false };
      const signIn = () => api('POST', '/api/passport/owner/login', { from: someone.from, body: { email: someone.email, password: STRONG } });
      const first = await signIn();
      const used = await api('POST', '/api/passport/second-factor', { body: { challenge: first.json?.result?.challenge ?? 'x'.repeat(20), code: recovery } });
      const second = await signIn();
      const reused = await api('POST', '/api/passport/second-factor', {
        body: { challenge: second.json?.result?.challenge ?? 'x'.repeat(20), code: recovery },
      });
      const observed = `password: ${first.json?.result?.token ? 'a session' : `challenge (${String(first.json?.result?.secondFactor)})`}; recovery code ${describe(used)}; again ${describe(reused)}`;
      return {
        observed,
        ok:
          first.json?.result?.secondFactor === 'code' &&
          used.status === 200 &&
          Boolean(used.json?.result?.token) &&
          reused.status >= 400 &&
          reused.status < 500,
      };
    },
  );

  // --- High: proxy headers -----------------------------------------------------------------------------------------
  t.report.section('High: a client-chosen X-Forwarded-For does not make a new client');
  await t.report.probe('enterprise requests with rotating X-Forwarded-For hit the limit of 5', 'a 429 by the 6th request', async () => {
    const from = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await api('POST', '/api/site/enterprise-requests', {
        from,
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: enterprise('Rotating Visitor'),
      });
      statuses.push(answer.status);
      if (answer.status === 429) break;
    }
    return { observed: statuses.join(' '), ok: statuses.includes(429) && statuses.indexOf(429) <= 5 };
  });
  await t.report.probe('link requests with rotating X-Forwarded-For hit the per-client limit of 20', 'a 429 by the 21st request', async () => {
    const from = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const answer = await api('POST', '/api/passport/owner/mail/forgot-password', {
        from,
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: { username: unique('nobody') },
      });
      statuses.push(answer.status);
      if (answer.status === 429) break;
    }
    return { observed: `${statuses.length} requests, last ${statuses.at(-1)}`, ok: statuses.includes(429) && statuses.length <= 21 };
  });
  await t.report.probe(
    'X-Forwarded-Host does not choose the site (no trusted proxy)',
    "not the love variant with X-Forwarded-Host of a love host; 'love' with that Host",
    async () => {
      const forwarded = await api('GET', '/api/site/host', { headers: { 'x-forwarded-host': 'love.attack.test' } });
      const direct = await api('GET', '/api/site/host', { headers: { host: 'love.attack.test' } });
      const observed = `forwarded: ${forwarded.json?.result?.variant ?? forwarded.status}, Host: ${direct.json?.result?.variant ?? direct.status}`;
      return { observed, ok: forwarded.status === 200 && forwarded.json?.result?.variant !== 'love' && direct.json?.result?.variant === 'love' };
    },
  );
  await t.report.probe('a client x-request-id is not taken as the request id', 'the answer names another id', async () => {
    const chosen = `attacker-chosen-${crypto.randomBytes(4).toString('hex')}`;
    const answer = await api('GET', '/api/health', { headers: { 'x-request-id': chosen } });
    return { observed: `x-request-id: ${String(answer.headers['x-request-id'])}`, ok: answer.headers['x-request-id'] !== chosen };
  });
  await t.report.probe('the content security policy lets WebSockets reach our own origin only', 'connect-src without bare ws:, wss: or *', async () => {
    const answer = await api('GET', '/api/health');
    const connect = /connect-src ([^;]*)/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1] ?? '(none)';
    const open = connect.split(/\s+/).filter((source) => ['ws:', 'wss:', '*', 'http:', 'https:'].includes(source));
    return { observed: `connect-src ${connect}`, ok: connect !== '(none)' && open.length === 0 };
  });
  // With PUBLIC_URL unset the server's own address is the default (HOST and PORT: http://127.0.0.1:<PORT> here, as the
  // attacked server listens on loopback), never the Host or X-Forwarded-Host a request names.
  await t.report.probe(
    "mailed links point at PUBLIC_URL, by default the server's own HOST and PORT, never the request's host",
    `links start with http://127.0.0.1:${t.port}/`,
    async () => {
      const someone = await owner('links');
      await api('POST', '/api/passport/owner/mail/forgot-password', {
        headers: { 'x-forwarded-host': 'evil.attack.test', host: 'evil.attack.test' },
        body: { username: someone.email },
      });
      const mail = await t.sink.waitFor(someone.email, 2);
      const { link } = linkToken(mail);
      return {
        observed: link.replace(/([?&](token|reset|magic)=)[^&]+/, '$1…'),
        ok: link.startsWith(`http://127.0.0.1:${t.port}/`) && !link.includes('evil.attack.test'),
      };
    },
  );

  // --- High: pre-registration takeover -----------------------------------------------------------------------------
  t.report.section('High: an address proven by a mailed link ends what was set before it');
  for (const proof of ['magic link', 'verification link'] as const) {
    await t.report.probe(
      `pre-registration takeover, the victim proves the address by ${proof}`,
      "the attacker's password never works, his session (if any) ends; the victim signs in and is asked for a new password",
      async () => {
        const email = unique('victim');
        const attackerFrom = newClient();
        const victimFrom = newClient();
        // The attacker signs up with the victim's address and a password of his choosing, and tries to sign in.
        const fields = { email, companyName: 'Squatter', privacyPolicy: true, personalData: true };
        let signup = await api('POST', '/api/passport/owner/signup', { from: attackerFrom, body: { ...fields, password: STRONG, repeatPassword: STRONG } });
        if (signup.status === 400) signup = await api('POST', '/api/passport/owner/signup', { from: attackerFrom, body: fields });
        const before = await api('POST', '/api/passport/owner/login', { from: attackerFrom, body: { email, password: STRONG } });
        const attackerToken = before.json?.result?.token ?? signup.json?.result?.token;
        // The victim proves the address with what reached her mailbox.
        let victim: Answer;
        if (proof === 'magic link') {
          await t.sink.waitFor(email);
          await api('POST', '/api/passport/owner/mail/login-link', { from: victimFrom, body: { username: email } });
          const mail = await t.sink.waitFor(email, 2);
          victim = await api('POST', `/api/passport/owner/login/magic/${linkToken(mail).token}`, { from: victimFrom });
        } else {
          victim = await api('POST', '/api/passport/owner/verification', { from: victimFrom, body: { token: linkToken(await t.sink.waitFor(email)).token } });
        }
        if (victim.status !== 200 || !victim.json?.result?.token) return { observed: `the victim could not sign in: ${describe(victim)}`, ok: false };
        const attackerSelf = attackerToken ? await api('GET', '/api/owner/self', { from: attackerFrom, token: attackerToken }) : undefined;
        const after = await api('POST', '/api/passport/owner/login', { from: attackerFrom, body: { email, password: STRONG } });
        const victimSelf = await api('GET', '/api/owner/self', { from: victimFrom, token: victim.json.result.token });
        const told = victim.json.result.firstProof === true && victimSelf.json?.result?.hasPassword === false;
        const observed =
          `attacker password before ${before.status}, after ${after.status}; attacker session ${attackerSelf ? attackerSelf.status : 'never issued'}; ` +
          `victim ${victimSelf.status}, firstProof ${String(victim.json.result.firstProof)}, hasPassword ${String(victimSelf.json?.result?.hasPassword)}`;
        return { observed, ok: after.status === 401 && (attackerSelf === undefined || attackerSelf.status === 401) && victimSelf.status === 200 && told };
      },
    );
  }

  // --- Medium: password change -------------------------------------------------------------------------------------
  t.report.section('Medium: a password change needs the current password and ends other sessions');
  {
    const someone = await owner('changer');
    const other = await api('POST', '/api/passport/owner/login', { from: newClient(), body: { email: someone.email, password: STRONG } });
    const next = 'Another-Proof-2027!';
    await t.report.probe('PATCH /api/owner/self without the current password is refused', '400 (field currentPassword)', async () => {
      const answer = await api('PATCH', '/api/owner/self', { from: someone.from, token: someone.token, body: { password: next, repeatPassword: next } });
      return { observed: describe(answer), ok: answer.status === 400 && answer.json?.error?.field === 'currentPassword' };
    });
    await t.report.probe('PATCH /api/owner/self with a wrong current password is refused', '4xx, the password unchanged', async () => {
      const answer = await api('PATCH', '/api/owner/self', {
        from: someone.from,
        token: someone.token,
        body: { currentPassword: 'Not-The-Password-1', password: next, repeatPassword: next },
      });
      const old = await api('POST', '/api/passport/owner/login', { from: someone.from, body: { email: someone.email, password: STRONG } });
      return { observed: `${describe(answer)}; old password then ${old.status}`, ok: answer.status >= 400 && answer.status < 500 && old.status === 200 };
    });
    await t.report.probe(
      'a password change with the current one ends the other sessions by default',
      "200; the other device's token 401, this one 200",
      async () => {
        const answer = await api('PATCH', '/api/owner/self', {
          from: someone.from,
          token: someone.token,
          body: { currentPassword: STRONG, password: next, repeatPassword: next },
        });
        const otherSelf = await api('GET', '/api/owner/self', { token: other.json?.result?.token });
        const ownSelf = await api('GET', '/api/owner/self', { token: someone.token });
        return {
          observed: `${describe(answer)}; other ${otherSelf.status}, own ${ownSelf.status}`,
          ok: answer.status === 200 && otherSelf.status === 401 && ownSelf.status === 200,
        };
      },
    );
  }

  if (adminSession.token) {
    await t.report.probe("the estimator's password change needs the current password too", '400 (field currentPassword)', async () => {
      const email = unique('estimator-self');
      const username = `self${crypto.randomBytes(3).toString('hex')}`;
      const created = await api('POST', '/api/admin/estimators', { token: adminSession.token, body: { name: 'Esti Mator', email, username } });
      if (created.status >= 300) return { observed: `no estimator: ${describe(created)}`, ok: false };
      await api('POST', '/api/passport/estimator/mail/forgot-password', { from: newClient(), body: { username: email } });
      const reset = await api('POST', '/api/passport/estimator/password-reset', {
        body: { token: linkToken(await t.sink.waitFor(email)).token, password: STRONG, repeatPassword: STRONG },
      });
      const login = await api('POST', '/api/passport/estimator/login', { body: { username, password: STRONG } });
      const token = login.json?.result?.token;
      if (!token) return { observed: `no estimator session: reset ${describe(reset)}, sign-in ${describe(login)}`, ok: false };
      const next = 'Estimator-Next-2027!';
      const answer = await api('PATCH', '/api/estimator/self', { token, body: { password: next, repeatPassword: next } });
      return { observed: describe(answer), ok: answer.status === 400 && answer.json?.error?.field === 'currentPassword' };
    });
  } else {
    await t.report.probe("the estimator's password change needs the current password too", '400 (field currentPassword)', async () => ({
      observed: 'no administrator session to create an estimator',
      ok: false,
    }));
  }

  // --- Medium: control characters ----------------------------------------------------------------------------------
  t.report.section('Medium: control characters are refused with 400, never 500');
  {
    const someone = await owner('nul');
    const cases: Array<[string, string, string, CallOptions, string | undefined]> = [
      [
        'sign-up companyName with NUL',
        'POST',
        '/api/passport/owner/signup',
        { body: { email: unique('nul-signup'), password: STRONG, repeatPassword: STRONG, companyName: 'a\u0000b', privacyPolicy: true, personalData: true } },
        'companyName',
      ],
      ['forgot-password username with NUL', 'POST', '/api/passport/owner/mail/forgot-password', { body: { username: 'a\u0000b@example.com' } }, 'username'],
      ['estimator sign-in username with NUL', 'POST', '/api/passport/estimator/login', { body: { username: 'esti\u0000mator', password: STRONG } }, 'username'],
      [
        'enterprise request company with NUL',
        'POST',
        '/api/site/enterprise-requests',
        { from: newClient(), body: { ...enterprise('Nul Visitor'), company: 'Probe\u0000Ltd' } },
        'company',
      ],
      [
        'enterprise request message with U+0001',
        'POST',
        '/api/site/enterprise-requests',
        { from: newClient(), body: { ...enterprise('Soh Visitor'), message: 'hello\u0001there' } },
        'message',
      ],
      ['profile position with NUL', 'POST', '/api/owner/profiles', { token: someone.token, body: { firstName: 'Anna', position: 'Lead\u0000' } }, 'position'],
      ['/api/profile/%00', 'GET', '/api/profile/%00', {}, undefined],
      ['/api/owner/profiles/%00', 'GET', '/api/owner/profiles/%00', { token: someone.token }, undefined],
      ['shared result /api/scene/result/%00', 'GET', '/api/scene/result/%00', {}, undefined],
    ];
    if (adminSession.token) {
      cases.push([
        'admin owner edit companyName with NUL',
        'PATCH',
        `/api/admin/owners/${someone.id}`,
        { token: adminSession.token, body: { companyName: 'x\u0000' } },
        'companyName',
      ]);
    }
    for (const [name, method, target, options, field] of cases) {
      await t.report.probe(name, field ? `400 field ${field}` : '400', async () => {
        const answer = await api(method, target, options);
        return { observed: describe(answer), ok: answer.status === 400 && (field === undefined || answer.json?.error?.field === field) };
      });
    }
  }

  // --- Medium: empty admin PATCH -----------------------------------------------------------------------------------
  t.report.section('Medium: an empty administrator PATCH is a 400');
  if (!adminSession.token) {
    await t.report.probe('empty PATCH /api/admin/owners/:id and /estimators/:id', '400', async () => ({ observed: 'no administrator session', ok: false }));
  } else {
    const someone = await owner('patched');
    const estimator = await api('POST', '/api/admin/estimators', {
      token: adminSession.token,
      body: { name: 'Esti Mator', email: unique('estimator'), username: `esti${crypto.randomBytes(3).toString('hex')}` },
    });
    for (const [label, target] of [
      ['owners', `/api/admin/owners/${someone.id}`],
      ['estimators', `/api/admin/estimators/${estimator.json?.result?._id}`],
    ] as const) {
      await t.report.probe(`PATCH /api/admin/${label}/:id with {}`, '400 with a message', async () => {
        const answer = await api('PATCH', target, { token: adminSession.token, body: {} });
        return { observed: `${describe(answer)}: ${answer.json?.error?.message ?? ''}`, ok: answer.status === 400 && Boolean(answer.json?.error?.message) };
      });
    }
  }

  // --- Medium: websockets ------------------------------------------------------------------------------------------
  t.report.section('Medium: a WebSocket ends with its session');
  {
    const someone = await owner('socket');
    await t.report.probe("logout closes the session's open WebSocket", 'closed within 5 s of the logout', async () => {
      const socket = await openGate(t, someone.token);
      await api('POST', '/api/passport/owner/logout', { token: someone.token });
      const closed = await closedWithin(socket, 5000);
      return { observed: closed ? `closed (${closed})` : 'still open 5 s after logout', ok: Boolean(closed) };
    });
    const doomed = await owner('socket-delete');
    await t.report.probe("account deletion closes the owner's open WebSocket", 'closed within 5 s of the deletion', async () => {
      const socket = await openGate(t, doomed.token);
      const deleted = await api('DELETE', '/api/owner/self', { token: doomed.token, body: { confirmation: 'Delete' } });
      const closed = await closedWithin(socket, 5000);
      return { observed: `${describe(deleted)}; ${closed ? `closed (${closed})` : 'still open 5 s after deletion'}`, ok: Boolean(closed) };
    });
    const many = await owner('socket-cap');
    await t.report.probe('WebSockets per session are capped', 'of 40 sockets on one session, some refused or closed', async () => {
      const sockets: WebSocket[] = [];
      let refused = 0;
      for (let i = 0; i < 40; i++) {
        try {
          const socket = await openGate(t, many.token);
          sockets.push(socket);
        } catch {
          refused++;
        }
      }
      // A capped socket may be accepted and closed right after: give the server a moment to say so.
      const closedLater = (await Promise.all(sockets.map((socket) => closedWithin(socket, 1000)))).filter(Boolean).length;
      for (const socket of sockets) socket.terminate();
      return { observed: `${refused} refused, ${closedLater} closed after opening`, ok: refused + closedLater > 0 };
    });
  }

  // --- Low: the same answers whether an address exists -------------------------------------------------------------
  t.report.section('Low: answers do not reveal which addresses exist');
  {
    const existing = await owner('exists');
    const fresh = unique('fresh');
    const signup = (email: string) => signUp(newClient(), email, 'Probe');
    const shape = (answer: Answer) =>
      `${answer.status} ${JSON.stringify(Object.keys(answer.json?.result ?? answer.json?.error ?? {}).sort())}${answer.json?.error?.code ? ` ${answer.json.error.code}` : ''}`;
    await t.report.probe('sign-up with a registered address answers as with a new one', 'the same status and fields', async () => {
      const [taken, free] = [await signup(existing.email), await signup(fresh)];
      return { observed: `registered: ${shape(taken)}; new: ${shape(free)}`, ok: shape(taken) === shape(free) };
    });
    const join = (email: string) =>
      api('POST', '/api/passport/owner/join/request', { from: newClient(), body: { email, companyName: 'Probe', privacyPolicy: true, personalData: true } });
    await t.report.probe('a join request with a registered address answers as with a new one', 'the same status and fields', async () => {
      const [taken, free] = [await join(existing.email), await join(unique('join'))];
      return { observed: `registered: ${shape(taken)}; new: ${shape(free)}`, ok: shape(taken) === shape(free) };
    });
    const gone = await owner('deleted');
    await api('DELETE', '/api/owner/self', { token: gone.token, body: { confirmation: 'Delete' } });
    await t.report.probe('signing in to a deleted account answers as to an unknown one', 'the same status and code', async () => {
      const deleted = await api('POST', '/api/passport/owner/login', { from: newClient(), body: { email: gone.email, password: STRONG } });
      const unknown = await api('POST', '/api/passport/owner/login', { from: newClient(), body: { email: unique('never'), password: STRONG } });
      return { observed: `deleted: ${describe(deleted)}; unknown: ${describe(unknown)}`, ok: describe(deleted) === describe(unknown) };
    });
  }

  // --- Low: lock-out and password rules ----------------------------------------------------------------------------
  t.report.section('Low: wrong passwords slow the attacker, not the owner; passwords of 8 or more');
  {
    const target = await owner('lockout');
    const attacker = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await api('POST', '/api/passport/owner/login', { from: attacker, body: { email: target.email, password: `Wrong-${i}-password` } });
      statuses.push(answer.status);
      if (answer.status === 429) break;
    }
    await t.report.probe("the attacker's client is limited after repeated wrong passwords", 'a 429 within 12 tries', async () => ({
      observed: statuses.join(' '),
      ok: statuses.includes(429),
    }));
    await t.report.probe('the owner still signs in with the right password from his own address', '200', async () => {
      const answer = await api('POST', '/api/passport/owner/login', { from: target.from, body: { email: target.email, password: STRONG } });
      return { observed: describe(answer), ok: answer.status === 200 };
    });
    const spread = await owner('spread');
    const seen: string[] = [];
    await t.report.probe(
      'wrong passwords from many addresses meet an account-wide cap that asks for a mailed link',
      'sign_in_link_required within 60 wrong passwords from 12 addresses',
      async () => {
        // Five tries per address stay under the per-client count; four at a time, as scrypt allows.
        const addresses = Array.from({ length: 12 }, () => newClient());
        for (let batch = 0; batch < 15 && !seen.some((line) => line.includes('sign_in_link_required')); batch++) {
          const answers = await Promise.all(
            [0, 1, 2, 3].map((k) => {
              const i = batch * 4 + k;
              return api('POST', '/api/passport/owner/login', { from: addresses[i % 12], body: { email: spread.email, password: `Wrong-${i}-spread` } });
            }),
          );
          seen.push(...answers.map(describe));
        }
        const counts = seen.reduce<Record<string, number>>((all, line) => ({ ...all, [line]: (all[line] ?? 0) + 1 }), {});
        return {
          observed: `${seen.length} tries: ${Object.entries(counts)
            .map(([line, n]) => `${n} × ${line}`)
            .join(', ')}`,
          ok: seen.some((line) => line.includes('sign_in_link_required')),
        };
      },
    );
    await t.report.probe(
      'after the cap, the owner signs in by a mailed link, and then with his password again',
      'magic link 200, then password 200',
      async () => {
        await api('POST', '/api/passport/owner/mail/login-link', { from: spread.from, body: { username: spread.email } });
        const mail = await t.sink.waitFor(spread.email, t.sink.to(spread.email).length + 1);
        const link = await api('POST', `/api/passport/owner/login/magic/${linkToken(mail).token}`, { from: spread.from });
        const password = await api('POST', '/api/passport/owner/login', { from: spread.from, body: { email: spread.email, password: STRONG } });
        return { observed: `link ${describe(link)}, password ${describe(password)}`, ok: link.status === 200 && password.status === 200 };
      },
    );
    const changer = await owner('rules');
    const attempt = (password: string) =>
      api('PATCH', '/api/owner/self', {
        from: changer.from,
        token: changer.token,
        body: { currentPassword: STRONG, password, repeatPassword: password, endOtherSessions: false },
      });
    await t.report.probe('a 7-character password is refused', '400 field password', async () => {
      const answer = await attempt('Xk9#mQ2');
      return { observed: describe(answer), ok: answer.status === 400 && answer.json?.error?.field === 'password' };
    });
    await t.report.probe('a common password is refused', '400 field password', async () => {
      const answer = await attempt('password123');
      return { observed: describe(answer), ok: answer.status === 400 && answer.json?.error?.field === 'password' };
    });
  }

  // --- Defences that held ------------------------------------------------------------------------------------------
  t.report.section('Defences that held before issue 18 (regression guard)');
  {
    const alice = await owner('alice');
    const bob = await owner('bob');
    const profile = await api('POST', '/api/owner/profiles', { token: alice.token, body: { firstName: 'Alice Worker' } });
    const profileId: string | undefined = profile.json?.result?._id;
    await t.report.probe("another owner's profile answers 404 to read, change and delete", '404 404 404', async () => {
      if (!profileId) return { observed: `no profile created: ${describe(profile)}`, ok: false };
      const answers = [
        await api('GET', `/api/owner/profiles/${profileId}`, { token: bob.token }),
        await api('PATCH', `/api/owner/profiles/${profileId}`, { token: bob.token, body: { firstName: 'Stolen' } }),
        await api('DELETE', `/api/owner/profiles/${profileId}`, { token: bob.token }),
      ];
      return { observed: answers.map((answer) => answer.status).join(' '), ok: answers.every((answer) => answer.status === 404) };
    });
    await t.report.probe('role matrix: administrator routes refuse anonymous and owners', '401 anonymous, 403 owner', async () => {
      const anonymous = await api('GET', '/api/admin/owners');
      const asOwner = await api('GET', '/api/admin/owners', { token: alice.token });
      return { observed: `anonymous ${anonymous.status}, owner ${asOwner.status}`, ok: anonymous.status === 401 && asOwner.status === 403 };
    });
    await t.report.probe('tokens are pinned to HS256: alg none and a re-signed token are refused', '401 401', async () => {
      const [header, payload] = alice.token.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, role: 'administrator' })).toString('base64url');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${forged}.`;
      const resigned = `${header}.${forged}.${crypto.createHmac('sha256', 'guessed-secret').update(`${header}.${forged}`).digest('base64url')}`;
      const answers = [await api('GET', '/api/owner/self', { token: none }), await api('GET', '/api/admin/owners', { token: resigned })];
      return { observed: answers.map((answer) => answer.status).join(' '), ok: answers.every((answer) => answer.status === 401) };
    });
    await t.report.probe('a token dies with its session (logout)', '401 after logout', async () => {
      const session = await api('POST', '/api/passport/owner/login', { from: bob.from, body: { email: bob.email, password: STRONG } });
      const token = session.json?.result?.token ?? '';
      await api('POST', '/api/passport/owner/logout', { token });
      const answer = await api('GET', '/api/owner/self', { token });
      return { observed: String(answer.status), ok: answer.status === 401 };
    });
    await t.report.probe('a mailed link works once', 'first 200, second 4xx', async () => {
      await api('POST', '/api/passport/owner/mail/login-link', { from: alice.from, body: { username: alice.email } });
      const mail = await t.sink.waitFor(alice.email, t.sink.to(alice.email).length + 1);
      const { token } = linkToken(mail);
      const first = await api('POST', `/api/passport/owner/login/magic/${token}`, { from: alice.from });
      const second = await api('POST', `/api/passport/owner/login/magic/${token}`, { from: alice.from });
      return {
        observed: `${first.status}, ${describe(second)}; token of ${Buffer.from(token, 'base64url').length * 8} bits`,
        ok: first.status === 200 && second.status >= 400 && second.status < 500 && token.length >= 43,
      };
    });
    await t.report.probe('no stack trace reaches a client (malformed JSON, wrong types, unknown route)', 'error envelopes without stack frames', async () => {
      const answers = [
        await api('POST', '/api/passport/owner/login', { rawBody: '{"email": ' }),
        await api('POST', '/api/passport/owner/login', { body: { email: 42, password: [] } }),
        await api('GET', '/api/nothing/here'),
      ];
      const leaky = answers.filter((answer) => /\bat [\w.<>]+ \(|node:internal|\.ts:\d+/.test(answer.text) || !answer.json?.error?.code);
      return { observed: answers.map(describe).join(', '), ok: leaky.length === 0 };
    });
  }

  // --- What the server wrote to its log ----------------------------------------------------------------------------
  t.report.section('The server log of this run');
  await t.report.probe('no password hash in the server log', 'no scrypt$… string', async () => {
    const hashes = t.log().match(/scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+/g) ?? [];
    return { observed: `${hashes.length} hashes`, ok: hashes.length === 0 };
  });
  await t.report.probe('no mailed link token in the server log', 'none of the tokens the sink received', async () => {
    const tokens = t.sink.mails.flatMap((mail) =>
      mail.links.map((link) => new URL(link).search.match(/=([A-Za-z0-9_-]{40,})/)?.[1]).filter(Boolean),
    ) as string[];
    const logged = tokens.filter((token) => t.log().includes(token));
    return { observed: `${logged.length} of ${tokens.length} tokens`, ok: logged.length === 0 };
  });
}

/** Where the administrator console reads the outbox (sec-mail). */
const OUTBOX_PATH = '/api/admin/mail';

const enterprise = (name: string) => ({ name, email: unique('enterprise'), company: 'Probe Ltd', privacyPolicy: true, personalData: true });

type AdminSession = {
  token?: string;
  challenged: boolean;
  passwordOnly: string;
  withCode: string;
  wrongCode: string;
  wrongCodeRefused: boolean;
  replay: string;
  replayRefused: boolean;
};

/**
 * Signs the administrator in as the console does: password first; when the server asks for the second factor, a
 * wrong code (expected refused), then the current one, then the same code again on a new challenge (expected refused:
 * a code works once). An administrator without a factor is enrolled on the way, so the other probes still run.
 */
async function adminSignIn(t: Target, api: (method: string, target: string, options?: CallOptions) => Promise<Answer>): Promise<AdminSession> {
  const credentials = { body: { email: t.admin.email, password: t.admin.password } };
  const first = await api('POST', '/api/admin/login', credentials);
  const none = { wrongCode: 'not asked for a code', wrongCodeRefused: false, replay: 'not asked for a code', replayRefused: false };
  const direct = first.json?.result?.token;
  if (direct) return { token: direct, challenged: false, passwordOnly: `${first.status} with a session token`, withCode: 'not asked for a code', ...none };
  const challenge = first.json?.result?.challenge;
  const step = first.json?.result?.secondFactor;
  const passwordOnly = `${describe(first)}${challenge ? `, a challenge (${String(step)})` : ''}`;
  if (!challenge) return { challenged: false, passwordOnly, withCode: 'no challenge to answer', ...none };
  let secret = t.admin.totpSecret;
  if (step === 'enrol') {
    const enrolment = await api('POST', '/api/passport/second-factor/enrolment', { body: { challenge } });
    secret = String(enrolment.json?.result?.secret ?? '');
  }
  const current = totpCode(secret);
  const wrong = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
  const refused = await api('POST', '/api/passport/second-factor', { body: { challenge, code: wrong } });
  const accepted = await api('POST', '/api/passport/second-factor', { body: { challenge, code: current } });
  const again = await api('POST', '/api/admin/login', credentials);
  const replayed = again.json?.result?.challenge
    ? await api('POST', '/api/passport/second-factor', { body: { challenge: again.json.result.challenge, code: current } })
    : again;
  return {
    token: accepted.json?.result?.token,
    challenged: step === 'code',
    passwordOnly,
    withCode: describe(accepted),
    wrongCode: describe(refused),
    wrongCodeRefused: refused.status >= 400 && refused.status < 500 && !refused.json?.result?.token,
    replay: `${describe(replayed)}${replayed.json?.result?.token ? ', a session' : ''}`,
    replayRefused: replayed.status >= 400 && replayed.status < 500 && !replayed.json?.result?.token,
  };
}

/** Opens the websocket gate with a token; rejects when the server refuses or closes it at once. */
function openGate(t: Target, token: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${t.base.replace('http', 'ws')}/api/gate?token=${encodeURIComponent(token)}`, {
      headers: { 'accept-language': 'en' },
      handshakeTimeout: 10_000,
    });
    socket.once('open', () => {
      socket.off('error', reject);
      socket.on('error', () => {});
      resolve(socket);
    });
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => reject(new Error(`refused with ${response.statusCode}`)));
  });
}

/** Resolves with the close code when the socket closes within `ms`, or undefined. */
function closedWithin(socket: WebSocket, ms: number): Promise<string | undefined> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve('already closed');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    socket.once('close', (code) => {
      clearTimeout(timer);
      resolve(`code ${code}`);
    });
  });
}
