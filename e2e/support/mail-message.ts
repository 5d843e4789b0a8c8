/** A message the test mailbox received: its recipients, kind (the app's X-Teamcast-Mail-Kind header) and plain text. */
export type SinkMessage = { to: string[]; kind: string; subject: string; text: string };

/** The test mailbox refuses every address of this domain, as a mail server refuses a mailbox that does not exist. */
export const REFUSED_DOMAIN = 'refused.example.com';

/** Where the test mailbox listens for a given app port: SMTP on port + 10000, its HTTP endpoint on port + 20000. */
export function mailSinkPorts(appPort: number): { smtp: number; http: number } {
  return { smtp: appPort + 10_000, http: appPort + 20_000 };
}

/** Headers of a MIME entity, lower-cased names, folded lines joined. */
function headersOf(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The plain-text body of a message as nodemailer writes it: a single part, or the text/plain part of a multipart one. */
function plainText(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return decodeBody(body, headers.get('content-transfer-encoding'));
  for (const part of body.split(`--${boundary}`).slice(1)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const partHeaders = headersOf(part.slice(0, split));
    const partType = (partHeaders.get('content-type') ?? 'text/plain').toLowerCase();
    if (!partType.startsWith('text/plain') && !partType.startsWith('multipart/')) continue;
    const text = plainText(partHeaders, part.slice(split).replace(/^\r?\n\r?\n/, ''));
    if (text) return text;
  }
  return '';
}

/** Reads a raw message received over SMTP. */
export function parseMessage(to: string[], raw: string): SinkMessage {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return { to, kind: headers.get('x-teamcast-mail-kind') ?? '', subject: headers.get('subject') ?? '', text: plainText(headers, body) };
}
