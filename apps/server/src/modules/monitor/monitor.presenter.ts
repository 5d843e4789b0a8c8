import type { Monitor, MonitorMember, MonitorOutcome } from '@teamcast/contracts';
import { addMonths, calibrationOf, monitorMonths, outsideRun, pointsOf, thresholdFor, type StoredCheckIn } from './monitor-arithmetic.ts';
import type { CheckInRow, ForecastChangeRow, MemberRow, MonitorRow, OutcomeRow } from './monitor.repository.ts';

/** Members still in the team on `day` (YYYY-MM-DD). */
export const activeMembers = (members: readonly MemberRow[], day: string) => members.filter((m) => m.leftOn === null || m.leftOn > day);

export const storedCheckIn = (row: CheckInRow): StoredCheckIn => ({
  memberId: row.memberId,
  month: row.month,
  ratings: row.ratings,
  satisfaction: row.satisfaction,
});

const presentMember = (row: MemberRow): MonitorMember => ({
  _id: row.id,
  profileId: row.profileId,
  name: row.name,
  hasAddress: Boolean(row.email),
  leftOn: row.leftOn,
});

/**
 * Whether the latest recomputed forecast has months in the bad band: those months, and when the first of the changes
 * since which every recomputed forecast has had such months was recorded (`changes` oldest first).
 */
function forecastDropOf(changes: readonly ForecastChangeRow[]): Monitor['forecastDrop'] {
  const latest = changes.at(-1);
  if (!latest || latest.badMonths.length === 0) return null;
  let first = changes.length - 1;
  while (first > 0 && changes[first - 1]!.badMonths.length > 0) first--;
  return { at: changes[first]!.createdAt.toISOString(), months: latest.badMonths };
}

const presentOutcome = (row: OutcomeRow): MonitorOutcome => ({ _id: row.id, kind: row.kind, memberId: row.memberId, day: row.day, note: row.note });

/**
 * A monitor as its owner sees it: aggregates only. No member's answers leave the server: the months carry means over
 * at least `threshold` respondents, and `notAnswered` names who has not answered this month, not what anyone said.
 */
export function presentMonitor(
  row: MonitorRow,
  members: readonly MemberRow[],
  checkIns: readonly CheckInRow[],
  outcomes: readonly OutcomeRow[],
  changes: readonly ForecastChangeRow[],
  now: Date,
): Monitor {
  const threshold = thresholdFor(members.length);
  const months = monitorMonths(row.forecast, checkIns.map(storedCheckIn), threshold);
  const currentMonth = now.toISOString().slice(0, 7);
  const answered = new Set(checkIns.filter((c) => c.month === currentMonth).map((c) => c.memberId));
  return {
    _id: row.id,
    kind: row.kind,
    subjectId: row.subjectId,
    title: row.title,
    isDemo: row.isDemo,
    startedAt: row.createdAt.toISOString(),
    members: members.map(presentMember),
    months,
    currentMonth,
    nextCheckIn: `${addMonths(currentMonth, 1)}-01`,
    notAnswered: activeMembers(members, now.toISOString().slice(0, 10))
      .filter((m) => !answered.has(m.id))
      .map((m) => ({ _id: m.id, name: m.name })),
    outside: outsideRun(months),
    forecastDrop: forecastDropOf(changes),
    threshold,
    outcomes: outcomes.map(presentOutcome),
    calibration: calibrationOf(pointsOf(months)),
  };
}
