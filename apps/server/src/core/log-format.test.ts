import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logStream } from './log-format.ts';

describe('log format', () => {
  it('writes JSON lines when the output is not a terminal', () => {
    expect(logStream(false)).toBeUndefined();
  });

  it('writes readable lines with level, message and fields when the output is a terminal', () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const log = pino({ level: 'info' }, logStream(true, sink));
    log.info({ url: 'http://localhost:3311' }, 'Teamcast is listening');
    expect(written).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Teamcast is listening\n\s+url: "http:\/\/localhost:3311"/);
    expect(() => JSON.parse(written)).toThrow();
  });
});
