import fs from 'node:fs';
import path from 'node:path';

/** The server package version, read once at start-up. */
export const version: string = (JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;
