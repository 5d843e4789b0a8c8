/**
 * How wide chart text is taken to be, for laying out names and ticks without measuring them: an average glyph of the
 * charts' 12 px text, Latin or Cyrillic, is about CHAR_PX wide (a little more than it is, so laid-out text keeps air).
 */
export const CHAR_PX = 7;

/** A name cut to `chars` characters at most, the last of them an ellipsis (no space before it). */
export function shortName(name: string, chars: number): string {
  return name.length > chars ? `${name.slice(0, chars - 1).trimEnd()}…` : name;
}
