/**
 * A GeoJSON reader for the boundary files that writes coordinates straight into a fixed-point
 * ring store instead of building millions of small arrays (JSON.parse of the 210 MB package took
 * seconds and most of the heap; this reads the bytes once). Everything but "coordinates" is
 * parsed as ordinary JSON. A "coordinates" value of numbers becomes a `RingSpan` over the rings
 * it wrote; one of strings (ECharts' compressed form) comes back as plain arrays to decode.
 */

/** Receives rings vertex by vertex, in fixed-point units. */
export interface RingSink {
  beginRing(): void;
  vertex(x: number, y: number): void;
  /** Ends the ring; the sink may drop one with no area. */
  endRing(): void;
  /** How many rings the sink holds now. */
  readonly ringCount: number;
}

/** The rings [from, to) a streamed "coordinates" value produced. */
export interface RingSpan {
  readonly ringFrom: number;
  readonly ringTo: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

export class GeoJsonScanner {
  private at = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly sink: RingSink,
    private readonly unitsPerDegree: number,
  ) {}

  parse(): unknown {
    return this.value('');
  }

  private value(key: string): unknown {
    this.skipSpace();
    const c = this.bytes[this.at];
    if (key === 'coordinates' && c === 0x5b && this.numericArrayAhead()) return this.rings();
    if (c === 0x7b) return this.object();
    if (c === 0x5b) return this.array();
    if (c === QUOTE) return this.string();
    return this.literal();
  }

  private object(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.at++; // {
    this.skipSpace();
    if (this.bytes[this.at] === 0x7d) {
      this.at++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      const key = this.string();
      this.skipSpace();
      this.expect(0x3a); // :
      result[key] = this.value(key);
      this.skipSpace();
      if (this.bytes[this.at++] === 0x7d) return result; // } else ,
    }
  }

  private array(): unknown[] {
    const result: unknown[] = [];
    this.at++; // [
    this.skipSpace();
    if (this.bytes[this.at] === 0x5d) {
      this.at++;
      return result;
    }
    for (;;) {
      result.push(this.value(''));
      this.skipSpace();
      if (this.bytes[this.at++] === 0x5d) return result; // ] else ,
    }
  }

  private string(): string {
    this.expect(QUOTE);
    const start = this.at;
    let escaped = false;
    while (this.bytes[this.at] !== QUOTE) {
      if (this.bytes[this.at] === BACKSLASH) {
        escaped = true;
        this.at++;
      }
      this.at++;
      if (this.at >= this.bytes.length) throw new SyntaxError('unterminated string in boundary data');
    }
    this.at++;
    const raw = this.bytes.toString('utf8', start, this.at - 1);
    return escaped ? (JSON.parse(`"${raw}"`) as string) : raw;
  }

  private literal(): unknown {
    const start = this.at;
    while (this.at < this.bytes.length && !',]}: \t\r\n'.includes(String.fromCharCode(this.bytes[this.at]))) this.at++;
    return JSON.parse(this.bytes.toString('latin1', start, this.at)) as unknown;
  }

  /** Whether the nested array starting here holds numbers (not ECharts' encoded strings). */
  private numericArrayAhead(): boolean {
    let probe = this.at;
    while (probe < this.bytes.length) {
      const c = this.bytes[probe];
      if (c === 0x5b || c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) probe++;
      else return c === MINUS || (c >= ZERO && c <= NINE);
    }
    return false;
  }

  /** A nested array of positions at any depth: every innermost array of pairs is one ring. */
  private rings(): RingSpan {
    const ringFrom = this.sink.ringCount;
    this.ringsAt();
    return { ringFrom, ringTo: this.sink.ringCount };
  }

  private ringsAt(): void {
    this.at++; // [
    this.skipSpace();
    if (this.bytes[this.at] === 0x5d) {
      this.at++;
      return;
    }
    // Look inside: "[[x, y], ..." is a ring; "[[[" nests further.
    const first = this.at;
    let probe = first + 1;
    while (this.bytes[probe] === 0x20 || this.bytes[probe] === 0x0a) probe++;
    const isRing = this.bytes[first] === 0x5b && this.bytes[probe] !== 0x5b;
    if (isRing) this.sink.beginRing();
    for (;;) {
      this.skipSpace();
      if (isRing) this.position();
      else this.ringsAt();
      this.skipSpace();
      if (this.bytes[this.at++] === 0x5d) break; // ] else ,
    }
    if (isRing) this.sink.endRing();
  }

  private position(): void {
    this.expect(0x5b);
    const x = this.number();
    this.skipSpace();
    this.expect(0x2c);
    const y = this.number();
    // Skip anything after x, y (an altitude) up to the closing bracket.
    while (this.bytes[this.at] !== 0x5d) this.at++;
    this.at++;
    this.sink.vertex(Math.round(x * this.unitsPerDegree), Math.round(y * this.unitsPerDegree));
  }

  private number(): number {
    this.skipSpace();
    const start = this.at;
    const bytes = this.bytes;
    let negative = false;
    if (bytes[this.at] === MINUS) {
      negative = true;
      this.at++;
    }
    let whole = 0;
    while (bytes[this.at] >= ZERO && bytes[this.at] <= NINE) whole = whole * 10 + (bytes[this.at++] - ZERO);
    let fraction = 0;
    let digits = 0;
    if (bytes[this.at] === DOT) {
      this.at++;
      while (bytes[this.at] >= ZERO && bytes[this.at] <= NINE) {
        if (digits < 15) {
          fraction = fraction * 10 + (bytes[this.at] - ZERO);
          digits++;
        }
        this.at++;
      }
    }
    const c = bytes[this.at];
    if (c === 0x65 || c === 0x45) {
      // An exponent: rare enough to hand to the standard parser.
      this.at++;
      while ((bytes[this.at] >= ZERO && bytes[this.at] <= NINE) || bytes[this.at] === MINUS || bytes[this.at] === 0x2b) this.at++;
      return Number(bytes.toString('latin1', start, this.at));
    }
    const value = whole + fraction / POW10[digits];
    return negative ? -value : value;
  }

  private skipSpace(): void {
    for (;;) {
      const c = this.bytes[this.at];
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.at++;
      else return;
    }
  }

  private expect(byte: number): void {
    if (this.bytes[this.at] !== byte) throw new SyntaxError(`boundary data: expected '${String.fromCharCode(byte)}' at byte ${this.at}`);
    this.at++;
  }
}
