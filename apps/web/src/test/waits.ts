/**
 * How long a test waits for a state (findBy…, waitFor), in ms. CI runs the suites side by side on two shared cores,
 * where a lazily loaded screen can take seconds; a passing wait returns as soon as the state is there, so only a real
 * failure takes this long to report.
 */
export const STATE_WAIT_MS = 30_000;
