/**
 * Where a value sits in a JSON text: the character offset of the value at a path such as `settings[0].settings[2].default`
 * (the manifest errors' paths), so `theme check` names the line an author must edit rather than line 1. Pure; reads
 * only text that JSON.parse has already accepted. A key may itself hold dots (`values.theme.light.background`): at
 * an object the longest run of segments that is one of its keys is taken.
 */

interface Located {
  offset: number;
  /** Object members by key (the offset of each value), or array elements in order. */
  members?: Map<string, Located>;
  elements?: Located[];
}

/** The offset of the value at `path`, or of its nearest ancestor that exists; 0 for the root or an unknown path. */
export function offsetOfJsonPath(text: string, path: string): number {
  let node: Located;
  try {
    node = new Scanner(text).value();
  } catch {
    return 0;
  }
  const segments = splitPath(path);
  let at = 0;
  while (at < segments.length) {
    const segment = segments[at]!;
    if (typeof segment === 'number') {
      const next = node.elements?.[segment];
      if (!next) break;
      node = next;
      at += 1;
      continue;
    }
    let taken = 0;
    for (let end = segments.length; end > at && taken === 0; end--) {
      const run = segments.slice(at, end);
      if (run.some((part) => typeof part === 'number')) continue;
      const next = node.members?.get(run.join('.'));
      if (next) {
        node = next;
        taken = run.length;
      }
    }
    if (taken === 0) break;
    at += taken;
  }
  return node.offset;
}

/** `a[0].b.c` → ['a', 0, 'b', 'c']; '' and '(manifest)' → []. */
function splitPath(path: string): (string | number)[] {
  if (path === '' || path === '/' || path.startsWith('(')) return [];
  const segments: (string | number)[] = [];
  for (const part of path.split('.')) {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return segments;
    if (match[1]) segments.push(match[1]);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) segments.push(Number(index[1]));
  }
  return segments;
}

/** A small recursive-descent reader of valid JSON that keeps each value's offset. */
class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  value(): Located {
    this.space();
    const offset = this.at;
    const char = this.text[this.at];
    if (char === '{') {
      const members = new Map<string, Located>();
      this.at += 1;
      this.space();
      if (this.text[this.at] === '}') this.at += 1;
      else
        for (;;) {
          this.space();
          const key = this.string();
          this.space();
          this.expect(':');
          members.set(key, this.value());
          this.space();
          if (this.text[this.at] === ',') this.at += 1;
          else {
            this.expect('}');
            break;
          }
        }
      return { offset, members };
    }
    if (char === '[') {
      const elements: Located[] = [];
      this.at += 1;
      this.space();
      if (this.text[this.at] === ']') this.at += 1;
      else
        for (;;) {
          elements.push(this.value());
          this.space();
          if (this.text[this.at] === ',') this.at += 1;
          else {
            this.expect(']');
            break;
          }
        }
      return { offset, elements };
    }
    if (char === '"') this.string();
    else while (this.at < this.text.length && !/[\s,\]}]/.test(this.text[this.at]!)) this.at += 1;
    return { offset };
  }

  private string(): string {
    const start = this.at;
    this.expect('"');
    while (this.text[this.at] !== '"') {
      if (this.at >= this.text.length) throw new Error('unterminated string');
      this.at += this.text[this.at] === '\\' ? 2 : 1;
    }
    this.at += 1;
    return JSON.parse(this.text.slice(start, this.at)) as string;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at += 1;
  }

  private expect(char: string): void {
    if (this.text[this.at] !== char) throw new Error(`expected ${char} at ${this.at}`);
    this.at += 1;
  }
}
