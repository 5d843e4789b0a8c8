import type { Writable } from 'node:stream';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';

/**
 * Where log lines go: readable, coloured lines when standard output is a terminal (a developer running `npm start`),
 * one JSON object per line otherwise (a file, a pipe, a log collector). Undefined means pino's own JSON to stdout.
 * `destination` replaces stdout for the readable lines (tests).
 */
export function logStream(isTerminal: boolean = process.stdout.isTTY === true, destination?: Writable): DestinationStream | undefined {
  if (!isTerminal) return undefined;
  return pretty({ colorize: !destination, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true, ...(destination ? { destination } : {}) });
}
