// The fingerprint of a build's inputs, so `npm start` rebuilds only what changed: a SHA-256 over every input file's
// path and content (a few MB, read in tens of milliseconds), kept beside the build output.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files under the given paths (files or directories), sorted, skipping the names `skip` matches. */
function filesOf(paths, skip) {
  const found = [];
  const walk = (entry) => {
    if (!fs.existsSync(entry) || skip.test(entry)) return;
    if (fs.statSync(entry).isDirectory()) for (const name of fs.readdirSync(entry).sort()) walk(path.join(entry, name));
    else found.push(entry);
  };
  for (const entry of paths) walk(entry);
  return found;
}

/**
 * The inputs' fingerprint: paths are taken relative to `root`, so it does not change when the checkout moves; `extra`
 * adds what else shapes the build (the environment variables it reads).
 */
export function inputsHash(root, paths, extra = '', skip = /node_modules|\.test\.tsx?$/) {
  const hash = crypto.createHash('sha256').update(extra).update('\0');
  for (const file of filesOf(
    paths.map((entry) => path.join(root, entry)),
    skip,
  )) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/** Whether the stamp file holds this fingerprint (the build it describes is current). */
export const stampMatches = (stampFile, hash) => fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8').trim() === hash;

export const writeStamp = (stampFile, hash) => fs.writeFileSync(stampFile, `${hash}\n`);
