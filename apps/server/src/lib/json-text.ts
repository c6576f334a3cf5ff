/**
 * Parts of an answer already written as JSON text: a catalogue product is the same text for
 * every customer of its price lists, so it is written once and kept, not rebuilt and re-serialised on every page.
 *
 * A `JsonText` stands in an answer for the value it was written from. The app's reply serialiser (`serializeAnswer`,
 * set in app.ts) copies its text into the answer as it is; anything else that serialises the answer (the tests'
 * response check, a log line) gets the value back through `toJSON`, so it sees the same JSON either way.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    if (collected) {
      collected.push(this.text);
      return `${MARK}${collected.length - 1}`;
    }
    return JSON.parse(this.text);
  }
}

/**
 * A NUL character opens each placeholder: JSON.stringify writes it as the six characters `\u0000`, and no string of
 * an answer holds one (PostgreSQL text cannot, and the routes refuse it in any input), so `"\u0000<n>"` in the
 * serialised answer can only be the n-th placeholder.
 */
const MARK = '\u0000';
let collected: string[] | null = null;

/** JSON.stringify of an answer, with the text of each JsonText in its place (the same bytes as the value would give). */
export function serializeAnswer(payload: unknown): string {
  collected = [];
  let out: string;
  let texts: string[];
  try {
    out = JSON.stringify(payload);
  } finally {
    texts = collected;
    collected = null;
  }
  if (texts.length === 0) return out;
  // JSON.stringify visits values in the order it writes them: the n-th placeholder is after the (n-1)-th.
  let result = '';
  let from = 0;
  for (let n = 0; n < texts.length; n++) {
    const mark = `"\\u0000${n}"`;
    const at = out.indexOf(mark, from);
    result += out.slice(from, at) + texts[n];
    from = at + mark.length;
  }
  return result + out.slice(from);
}
