import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import {
  CHECK_IN_LINK_DAYS,
  type CheckInAnswer,
  type CheckInForm,
  type Locale,
  type Monitor,
  type MonitorLink,
  type MonitorCalibrationOverall,
  type MonitorList,
  type MonitorKind,
  type OutcomeGate,
} from '@teamcast/contracts';
import { bandOf } from '@teamcast/engine';
import type { z } from 'zod';
import type { MonitorOutcomeCreateSchema } from '@teamcast/contracts';
import type { Config } from '../../core/config.ts';
import type { Db } from '../../core/db.ts';
import { AppError } from '../../core/errors.ts';
import type { MonitorForecast } from './monitor.repository.ts';
import { ownerSelf } from '../account/account.service.ts';
import type { GateHub } from '../gate/gate.hub.ts';
import { queuePlainMessage } from '../mail/mail.service.ts';
import { getPair } from '../pairs/pairs.service.ts';
import { accessRulesFor, assertAccess } from '../payments/access-rules.ts';
import { paymentNow } from '../payments/payment-clock.ts';
import { getProfile } from '../profiles/profiles.service.ts';
import { completedProfiles } from '../scoring/scoring.service.ts';
import { checkState, datasetByToken, finishedSceneRun, getScene, snapshotLink, type SceneDeps } from '../scenes/scenes.service.ts';
import { pairMonthlyForecast, teamMonthlyForecast, type TeamDatasetPart } from './forecast-band.ts';
import { addMonths, belowTwoMonthsRunning, calibrationByHorizon, calibrationOf, monthOf, pointsOf } from './monitor-arithmetic.ts';
import { monitorMailTexts } from './monitor.mail.ts';
import { groupLevel, type ForecastVersion } from './outcome-forecast.ts';
import { outcomeGate, type OutcomePair } from './outcome-gate.ts';
import { activeMembers, presentMonitor } from './monitor.presenter.ts';
import * as repo from './monitor.repository.ts';

/** `gate`: the app's websocket gate, so an alert also reaches the owner's open tabs (`monitorAlert`). */
export type MonitorDeps = { db: Db; scenes: SceneDeps; config: Pick<Config, 'PUBLIC_URL'>; gate?: GateHub };

const DAY_MS = 86_400_000;
const gunzipAsync = promisify(gunzip);
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * The monitor's clock: the server's one test-controlled clock (real time plus the offset tests move, see
 * payment-clock.ts), so a test can step into the next check-in month.
 */
const monitorNow = (db: Db) => paymentNow(db);

async function loadMonitor(db: Db, ownerId: string, id: string): Promise<repo.MonitorRow> {
  const row = await repo.findMonitor(db, ownerId, id);
  if (!row) throw new AppError('monitor_not_found');
  return row;
}

async function viewsOf(db: Db, rows: repo.MonitorRow[]): Promise<Monitor[]> {
  const ids = rows.map((r) => r.id);
  const [members, checkIns, outcomes, changes, now] = await Promise.all([
    repo.membersOf(db, ids),
    repo.checkInsOf(db, ids),
    repo.outcomesOf(db, ids),
    repo.forecastChangesOf(db, ids),
    monitorNow(db),
  ]);
  return rows.map((row) =>
    presentMonitor(
      row,
      members.filter((m) => m.monitorId === row.id),
      checkIns.filter((c) => c.monitorId === row.id),
      outcomes.filter((o) => o.monitorId === row.id),
      changes.filter((c) => c.monitorId === row.id),
      now,
    ),
  );
}

const viewOf = async (db: Db, row: repo.MonitorRow) => (await viewsOf(db, [row]))[0]!;

type Subject = { title: string; forecast: MonitorForecast; profileIds: string[] };

/** The monthly band of a finished team run (through the scene service). */
async function teamForecast(deps: MonitorDeps, ownerId: string, sceneId: string, ruid: string, startDay: string): Promise<MonitorForecast> {
  const { token } = await snapshotLink(deps.scenes, ownerId, sceneId, ruid);
  const dataset = JSON.parse((await gunzipAsync(await datasetByToken(deps.scenes, token))).toString('utf8')) as TeamDatasetPart;
  const forecast = teamMonthlyForecast(dataset, startDay);
  if (!forecast) throw new AppError('forecast_required');
  return forecast;
}

/** The team's members and the monthly band of its latest finished team check (through the scene service). */
async function teamSubject(deps: MonitorDeps, ownerId: string, sceneId: string): Promise<Subject> {
  const scene = await getScene(deps.scenes, ownerId, sceneId);
  const state = await checkState(deps.scenes, ownerId, sceneId);
  if (state.status !== 'done' || !state.ruid) throw new AppError('forecast_required');
  const forecast = await teamForecast(deps, ownerId, sceneId, state.ruid, scene.startDay);
  return { title: scene.title, forecast, profileIds: scene.actors.map((a) => a.id) };
}

/** The pair's two people and the monthly band of its latest forecast (through the pair service). */
async function pairSubject(deps: MonitorDeps, ownerId: string, pairId: string): Promise<Subject> {
  const pair = await getPair({ db: deps.db }, ownerId, pairId);
  const details = pair.result?.details;
  const forecast = details ? pairMonthlyForecast(details) : null;
  const profileIds = pair.actors.map((a) => a?._id).filter((id): id is string => Boolean(id));
  if (!forecast || profileIds.length !== 2) throw new AppError('forecast_required');
  return { title: pair.actors.map((a) => a?.name ?? '').join(' & '), forecast, profileIds };
}

export async function startMonitor(deps: MonitorDeps, ownerId: string, body: { kind: MonitorKind; subjectId: string }, locale: Locale): Promise<Monitor> {
  await assertAccess(deps.db, ownerId, 'allowMonitor');
  const subject = body.kind === 'team' ? await teamSubject(deps, ownerId, body.subjectId) : await pairSubject(deps, ownerId, body.subjectId);
  const profiles = await Promise.all(subject.profileIds.map((id) => getProfile(deps.db, ownerId, id)));
  const id = crypto.randomUUID();
  try {
    const row = await repo.insertMonitor(
      deps.db,
      { id, ownerId, kind: body.kind, subjectId: body.subjectId, title: subject.title, forecast: subject.forecast },
      profiles.map((p) => ({ id: crypto.randomUUID(), monitorId: id, profileId: p._id, name: p.name, email: p.email, locale })),
    );
    return await viewOf(deps.db, row);
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw new AppError('monitor_exists');
    throw error;
  }
}

/** Whether the owner's plan includes the monitor; the error the plan's lock answers with when it does not. */
async function monitorPlan(db: Db, ownerId: string): Promise<AppError | null> {
  const rules = await accessRulesFor(db, ownerId);
  if (rules.needVerify) return new AppError('verify_account');
  return rules.allowMonitor ? null : new AppError('subscription_required');
}

/**
 * The owner's monitors. Without the monitor in the plan only the demo monitors are listed (`demoOnly`), read-only, so
 * the demo owner sees what the monitor looks like; an owner with no demo monitor meets the plan's lock as before.
 * Only the demo seed marks a monitor demo (monitor.demo.ts), so this opens nothing an owner could create.
 */
export async function listMonitorViews(deps: MonitorDeps, ownerId: string): Promise<MonitorList> {
  const locked = await monitorPlan(deps.db, ownerId);
  const rows = (await repo.listMonitors(deps.db, ownerId)).filter((row) => !locked || row.isDemo);
  if (locked && rows.length === 0) throw locked;
  const items = await viewsOf(deps.db, rows);
  return {
    items,
    calibration: calibrationOf(items.flatMap((m) => pointsOf(m.months))),
    byHorizon: calibrationByHorizon(items.map((m) => m.months)),
    demoOnly: locked !== null,
  };
}

/**
 * The calibration across every owner (administrators): the monitors not marked demo, pooled; only counts and figures
 * leave here, never an owner, a team or a person.
 */
export async function overallCalibration(deps: MonitorDeps): Promise<MonitorCalibrationOverall> {
  const rows = await repo.listRealMonitors(deps.db);
  const items = await viewsOf(deps.db, rows);
  return {
    owners: new Set(rows.map((row) => row.ownerId)).size,
    monitors: rows.length,
    calibration: calibrationOf(items.flatMap((m) => pointsOf(m.months))),
    byHorizon: calibrationByHorizon(items.map((m) => m.months)),
  };
}

/**
 * The real-outcome gate's evaluation (docs/forecast-model.md, section 10.1): every completed month observed in a
 * monitor not marked demo, as its frozen forecast gave it (the published version's figures) and as `candidate` would
 * have given it: the frozen month, band edges included, moved by the difference the candidate makes to the group's
 * forecast level (outcome-forecast.ts). Identical versions give identical figures. Only counts and figures leave here.
 */
export async function outcomeEvaluation(db: Db, published: ForecastVersion, candidate: ForecastVersion): Promise<OutcomeGate> {
  const rows = await repo.listRealMonitors(db);
  const [views, members, now] = await Promise.all([
    viewsOf(db, rows),
    repo.membersOf(
      db,
      rows.map((row) => row.id),
    ),
    monitorNow(db),
  ]);
  const current = monthOf(now);
  const people = new Map((await completedProfiles(db, [...new Set(members.map((m) => m.profileId))])).map((p) => [p.id, p]));
  const pairs: OutcomePair[] = [];
  let monitors = 0;
  for (const view of views) {
    const labelled = view.months.flatMap((month, horizon) => (month.observed !== null && month.month < current ? [{ month, horizon }] : []));
    if (labelled.length === 0) continue;
    monitors += 1;
    const group = members.filter((m) => m.monitorId === view._id).flatMap((m) => people.get(m.profileId) ?? []);
    const before = groupLevel(group, published, view.months[0]!.month);
    const after = groupLevel(group, candidate, view.months[0]!.month);
    for (const { month, horizon } of labelled) {
      const shift = before && after ? (after[horizon] ?? 0) - (before[horizon] ?? 0) : 0;
      const point = { observed: month.observed!, forecast: month.forecast, p10: month.p10, p90: month.p90 };
      pairs.push({ published: point, candidate: { ...point, forecast: point.forecast + shift, p10: point.p10 + shift, p90: point.p90 + shift } });
    }
  }
  return outcomeGate(pairs, monitors);
}

/** One monitor: any of the owner's with the monitor in the plan, a demo one (read-only) without it. */
export async function getMonitorView(deps: MonitorDeps, ownerId: string, id: string): Promise<Monitor> {
  const locked = await monitorPlan(deps.db, ownerId);
  if (!locked) return viewOf(deps.db, await loadMonitor(deps.db, ownerId, id));
  const row = await repo.findMonitor(deps.db, ownerId, id);
  if (!row?.isDemo) throw locked;
  return viewOf(deps.db, row);
}

export async function stopMonitor(deps: MonitorDeps, ownerId: string, id: string): Promise<{ deleted: true }> {
  await assertAccess(deps.db, ownerId, 'allowMonitor');
  if (!(await repo.deleteMonitor(deps.db, ownerId, id))) throw new AppError('monitor_not_found');
  return { deleted: true };
}

const linkTo = (deps: MonitorDeps, token: string) => new URL(`/check-in/${token}`, deps.config.PUBLIC_URL).href;

/** Fresh links for every member still in the team; each replaces the member's earlier link. Mailed where there is an address. */
export async function issueLinks(deps: MonitorDeps, ownerId: string, id: string): Promise<{ links: MonitorLink[] }> {
  await assertAccess(deps.db, ownerId, 'allowMonitor');
  const monitor = await loadMonitor(deps.db, ownerId, id);
  const now = await monitorNow(deps.db);
  const expiresAt = new Date(now.getTime() + CHECK_IN_LINK_DAYS * DAY_MS);
  const members = activeMembers(await repo.membersOf(deps.db, [monitor.id]), now.toISOString().slice(0, 10));
  const links: MonitorLink[] = [];
  for (const member of members) {
    const token = crypto.randomBytes(32).toString('base64url');
    await repo.setMemberLink(deps.db, member.id, sha256(token), expiresAt);
    const link = linkTo(deps, token);
    if (member.email) {
      const texts = monitorMailTexts[member.locale];
      const expires = expiresAt.toISOString().slice(0, 10);
      await queuePlainMessage(deps.db, {
        to: member.email,
        subject: texts.linkSubject(monitor.title),
        text: texts.linkText({ name: member.name, title: monitor.title, link, expires }),
        kind: 'monitor-link',
        locale: member.locale,
      });
    }
    links.push({ memberId: member.id, name: member.name, link, expiresAt: expiresAt.toISOString(), mailed: Boolean(member.email) });
  }
  return { links };
}

export async function addOutcome(deps: MonitorDeps, ownerId: string, id: string, body: z.infer<typeof MonitorOutcomeCreateSchema>): Promise<Monitor> {
  await assertAccess(deps.db, ownerId, 'allowMonitor');
  const monitor = await loadMonitor(deps.db, ownerId, id);
  const members = await repo.membersOf(deps.db, [monitor.id]);
  if (body.kind === 'person_left' && !members.some((m) => m.id === body.memberId)) throw new AppError('member_not_found', undefined, 'memberId');
  if (body.kind === 'pair_ended' && body.memberId !== undefined) throw new AppError('validation_failed', undefined, 'memberId');
  await repo.insertOutcome(
    deps.db,
    { id: crypto.randomUUID(), monitorId: monitor.id, kind: body.kind, memberId: body.memberId ?? null, day: body.day, note: body.note || null },
    body.kind === 'person_left' ? { memberId: body.memberId!, day: body.day } : undefined,
  );
  return viewOf(deps.db, monitor);
}

/**
 * One CSV cell. Text that a spreadsheet would read as a formula (starting with =, +, -, @, a tab or a return: a person
 * names themselves in their questionnaire, an owner writes the notes) gets a leading apostrophe, so opening the export
 * never runs it (OWASP "CSV injection"); numbers stay numbers.
 */
export const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The monitor's months as CSV: the forecast band and the check-in aggregates the owner may see, then the outcomes. */
export async function exportCsv(deps: MonitorDeps, ownerId: string, id: string): Promise<{ filename: string; csv: string }> {
  const view = await getMonitorView(deps, ownerId, id);
  const rows: Array<Array<string | number | null>> = [['month', 'forecast', 'p10', 'p90', 'respondents', 'observed', 'satisfaction', 'withheld', 'position']];
  for (const m of view.months) rows.push([m.month, m.forecast, m.p10, m.p90, m.respondents, m.observed, m.satisfaction, m.withheld ? 'yes' : 'no', m.position]);
  rows.push([]);
  rows.push(['outcome', 'day', 'person', 'note']);
  for (const o of view.outcomes) rows.push([o.kind, o.day, view.members.find((m) => m._id === o.memberId)?.name ?? null, o.note]);
  const csv = `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
  return { filename: `monitor-${view.subjectId}.csv`, csv };
}

// ---------------------------------------------------------------------------------------------- a member's form

async function memberByToken(db: Db, token: string, now: Date): Promise<{ member: repo.MemberRow; monitor: repo.MonitorRow }> {
  const member = await repo.findMemberByTokenHash(db, sha256(token));
  const monitor = member ? await repo.findMonitorById(db, member.monitorId) : undefined;
  if (!member || !monitor) throw new AppError('link_invalid');
  if (member.linkExpiresAt! <= now || (member.leftOn !== null && member.leftOn <= now.toISOString().slice(0, 10))) throw new AppError('link_expired');
  return { member, monitor };
}

async function teammatesOf(db: Db, member: repo.MemberRow, now: Date) {
  return activeMembers(await repo.membersOf(db, [member.monitorId]), now.toISOString().slice(0, 10)).filter((m) => m.id !== member.id);
}

export async function checkInForm(deps: MonitorDeps, token: string): Promise<CheckInForm> {
  const now = await monitorNow(deps.db);
  const { member, monitor } = await memberByToken(deps.db, token, now);
  const month = monthOf(now);
  return {
    title: monitor.title,
    name: member.name,
    month,
    teammates: (await teammatesOf(deps.db, member, now)).map((m) => ({ _id: m.id, name: m.name })),
    answered: Boolean(await repo.findCheckIn(deps.db, member.id, month)),
    expiresAt: member.linkExpiresAt!.toISOString(),
  };
}

/** Stores a member's answer for the month the server's clock is in; one per month, each teammate rated once. */
export async function answerCheckIn(deps: MonitorDeps, token: string, body: CheckInAnswer): Promise<{ month: string }> {
  const now = await monitorNow(deps.db);
  const { member, monitor } = await memberByToken(deps.db, token, now);
  const month = monthOf(now);
  const teammates = new Set((await teammatesOf(deps.db, member, now)).map((m) => m.id));
  const rated = new Set(body.ratings.map((r) => r.memberId));
  if (rated.size !== body.ratings.length || rated.size !== teammates.size || [...rated].some((id) => !teammates.has(id)))
    throw new AppError('validation_failed', undefined, 'ratings');
  try {
    await repo.insertCheckIn(deps.db, {
      id: crypto.randomUUID(),
      monitorId: monitor.id,
      memberId: member.id,
      month,
      ratings: body.ratings,
      satisfaction: body.satisfaction,
      word: body.word || null,
    });
  } catch (error) {
    if (repo.isUniqueViolation(error)) throw new AppError('check_in_answered');
    throw error;
  }
  await alertIfBelow(deps, monitor, month);
  return { month };
}

/** The alert rule (monitor-arithmetic `belowTwoMonthsRunning`): mailed to the owner once per monitor and month, and pushed to his open tabs. */
async function alertIfBelow(deps: MonitorDeps, monitor: repo.MonitorRow, month: string): Promise<void> {
  const view = await viewOf(deps.db, monitor);
  if (!belowTwoMonthsRunning(view.months, month)) return;
  if (!(await repo.claimAlert(deps.db, monitor.id, month))) return;
  const owner = await ownerSelf(deps.db, monitor.ownerId);
  const locale: Locale = owner.locale ?? 'ru';
  const texts = monitorMailTexts[locale];
  const link = new URL('/owner/monitor', deps.config.PUBLIC_URL).href;
  await queuePlainMessage(deps.db, {
    to: owner.email,
    subject: texts.alertSubject(monitor.title),
    text: texts.alertText({ title: monitor.title, months: `${addMonths(month, -1)}, ${month}`, link }),
    kind: 'monitor-alert',
    locale,
  });
  await deps.gate?.publish(
    { role: 'owner', subjectId: monitor.ownerId },
    { type: 'monitorAlert', payload: { monitorId: monitor.id, title: monitor.title, kind: 'below', months: [addMonths(month, -1), month] } },
  );
}

// ---------------------------------------------------------------------------------------------- the forecast's drop

/** Engine bands (`bandOf`) that count as the bad band: bad (-80…-20) and, below it, depressed. */
const BAD_BANDS: ReadonlySet<string> = new Set(['bad', 'depressed']);

/** The months whose forecast mean is in the bad band or below (under -20). */
export const badMonthsOf = (forecast: MonitorForecast): string[] => forecast.months.filter((_, i) => BAD_BANDS.has(bandOf(forecast.forecast[i]!)));

/**
 * A monitored team's or pair's forecast was recomputed after a change (`changeId`: the team run, or the pair run's
 * time). Each change is recorded once with its months in the bad band. The forecast **drops into the bad band** when
 * it has such a month and the previous computed forecast (the latest recorded change, or the one frozen when
 * monitoring started) had none: then the owner is mailed in his language and his open tabs get `monitorAlert`
 * (`forecast`). A change recorded already, a forecast that stays bad or stays clear, and demo monitors alert nobody.
 */
export async function forecastChanged(
  deps: MonitorDeps,
  ownerId: string,
  subject: { kind: MonitorKind; subjectId: string },
  changeId: string,
  forecast: MonitorForecast,
): Promise<void> {
  const monitor = await repo.findMonitorOfSubject(deps.db, ownerId, subject.kind, subject.subjectId);
  if (!monitor || monitor.isDemo) return;
  const previous = await repo.latestForecastChange(deps.db, monitor.id);
  if (previous?.changeId === changeId) return;
  const before = previous ? previous.badMonths : badMonthsOf(monitor.forecast);
  const bad = badMonthsOf(forecast);
  const drops = bad.length > 0 && before.length === 0;
  if (!(await repo.claimForecastChange(deps.db, { monitorId: monitor.id, changeId, badMonths: bad, alerted: drops })) || !drops) return;
  const owner = await ownerSelf(deps.db, monitor.ownerId);
  const locale: Locale = owner.locale ?? 'ru';
  const texts = monitorMailTexts[locale];
  await queuePlainMessage(deps.db, {
    to: owner.email,
    subject: texts.forecastSubject(monitor.title),
    text: texts.forecastText({ title: monitor.title, months: bad.join(', '), link: new URL('/owner/monitor', deps.config.PUBLIC_URL).href }),
    kind: 'monitor-forecast-alert',
    locale,
  });
  await deps.gate?.publish(
    { role: 'owner', subjectId: monitor.ownerId },
    { type: 'monitorAlert', payload: { monitorId: monitor.id, title: monitor.title, kind: 'forecast', months: bad } },
  );
}

/** A team run finished: when it is a monitored team's, its new forecast is held against the previous one. */
export async function teamRunFinished(deps: MonitorDeps, ruid: string): Promise<void> {
  const run = await finishedSceneRun(deps.scenes, ruid);
  if (!run) return;
  const monitor = await repo.findMonitorOfSubject(deps.db, run.ownerId, 'team', run.sceneId);
  if (!monitor || monitor.isDemo) return;
  let forecast: MonitorForecast;
  try {
    const scene = await getScene(deps.scenes, run.ownerId, run.sceneId);
    forecast = await teamForecast(deps, run.ownerId, run.sceneId, ruid, scene.startDay);
  } catch (error) {
    // A run without a band, or an owner whose plan no longer opens the team: nothing to hold against.
    if (error instanceof AppError) return;
    throw error;
  }
  await forecastChanged(deps, run.ownerId, { kind: 'team', subjectId: run.sceneId }, ruid, forecast);
}

/** A pair was run: when it is monitored, its new forecast is held against the previous one. */
export async function pairRunFinished(deps: MonitorDeps, ownerId: string, pairId: string, changeId: string): Promise<void> {
  if (!(await repo.findMonitorOfSubject(deps.db, ownerId, 'pair', pairId))) return;
  const pair = await getPair({ db: deps.db }, ownerId, pairId);
  const forecast = pair.result?.details ? pairMonthlyForecast(pair.result.details) : null;
  if (forecast) await forecastChanged(deps, ownerId, { kind: 'pair', subjectId: pairId }, changeId, forecast);
}
