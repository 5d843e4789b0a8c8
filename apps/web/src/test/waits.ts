/**
 * How long a test waits for a state (findBy…, waitFor), in ms. CI runs the suites side by side on two shared cores,
 * where a lazily loaded screen can take seconds; a passing wait returns as soon as the state is there, so only a real
 * failure takes this long to report. The first screen of a whole-app render took over 30 s at a load average of 45 (the
 * eighth session's stress run: five unit runs and six browsers on two cores); the test limit (120 s) covers two such waits.
 */
export const STATE_WAIT_MS = 60_000;
