/** An actor's or profile's shown name, or the fallback when both parts are empty. */
export function displayName(person: { firstName?: string | null; lastName?: string | null }, fallback: string): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || fallback;
}
