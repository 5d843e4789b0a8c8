/** Birth dates and ages without zod, for the public questionnaire page (`profiles.ts` re-exports them). */

/** Whole years between a birth date and a day. */
export function ageOn(birthDate: string, day: Date): number {
  const born = new Date(birthDate);
  let age = day.getUTCFullYear() - born.getUTCFullYear();
  const before = day.getUTCMonth() < born.getUTCMonth() || (day.getUTCMonth() === born.getUTCMonth() && day.getUTCDate() < born.getUTCDate());
  if (before) age -= 1;
  return age;
}

/** The calendar day the user picked in his time zone, sent as that date at midnight UTC. */
export function birthDateToIso(picked: Date): string {
  return new Date(Date.UTC(picked.getFullYear(), picked.getMonth(), picked.getDate())).toISOString();
}

/** A date input's 'YYYY-MM-DD' as that day at midnight UTC; undefined when it is not a date. */
export function birthDateFromDay(day: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? birthDateToIso(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
}
