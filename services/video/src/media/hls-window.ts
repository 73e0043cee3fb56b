/** One HLS media segment: the fragments of one GOP (a keyframe and what follows it). */
export interface HlsSegment {
  sequence: number;
  data: Buffer;
  durationS: number;
}

/**
 * The HLS side of a stream, for devices without Media Source Extensions: fMP4 segments cut at
 * video keyframes (one GOP each, typically 1-2 s), the newest few kept in memory, and the live
 * playlist over them (RFC 8216, version 7 for fMP4 with EXT-X-MAP).
 */
export class HlsWindow {
  private readonly segments: HlsSegment[] = [];
  private parts: Buffer[] = [];
  private partStartMs = -1;
  private nextSequence = 0;

  constructor(private readonly keep = 6) {}

  /** A media fragment in stream order; a video keyframe closes the segment in progress. */
  add(data: Buffer, keyframe: boolean, decodeTimeMs: number): void {
    if (keyframe) {
      if (this.parts.length && this.partStartMs >= 0) this.close(decodeTimeMs);
      this.partStartMs = decodeTimeMs;
    }
    if (this.partStartMs >= 0) this.parts.push(data);
  }

  segment(sequence: number): HlsSegment | undefined {
    return this.segments.find((segment) => segment.sequence === sequence);
  }

  get size(): number {
    return this.segments.length;
  }

  /** The live playlist; `query` (the signed token) is appended to every URI. */
  playlist(query: string): string {
    const target = Math.max(1, ...this.segments.map((segment) => Math.ceil(segment.durationS)));
    const lines = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${this.segments[0]?.sequence ?? 0}`, `#EXT-X-MAP:URI="init.mp4?${query}"`];
    for (const segment of this.segments) lines.push(`#EXTINF:${segment.durationS.toFixed(3)},`, `${segment.sequence}.m4s?${query}`);
    return `${lines.join('\n')}\n`;
  }

  private close(endMs: number): void {
    this.segments.push({ sequence: this.nextSequence++, data: Buffer.concat(this.parts), durationS: Math.max(0.001, (endMs - this.partStartMs) / 1000) });
    if (this.segments.length > this.keep) this.segments.shift();
    this.parts = [];
  }
}
