import fs from 'node:fs';

/** Flags for the system Chromium: headless as root, no background traffic to hosts this machine cannot reach. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The system Chromium; the suite never downloads a browser, and fails loudly when there is none. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate}. Install the system browser with 'apt-get install chromium' ` +
        '(Debian package chromium), or point CHROMIUM_PATH at a Chromium binary. Browser tests do not download a browser.',
    );
  }
  return candidate;
}
