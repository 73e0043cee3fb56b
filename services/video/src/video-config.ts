import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { hostname } from 'node:os';

/** The video service's own settings (environment variable names), validated at start. */
export class VideoConfig {
  /** TCP port terminals stream JT/T 1078 media to (0x9101/0x9201 carry it); 0 picks a free port (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  VIDEO_MEDIA_TCP_PORT = 1078;

  /** UDP port for JT/T 1078 media; 0 picks a free port (tests), -1 turns UDP off. */
  @IsInt()
  @Min(-1)
  @Max(65535)
  VIDEO_MEDIA_UDP_PORT = 1078;

  /** Host the media and FTP listeners bind to. */
  @IsString()
  VIDEO_MEDIA_HOST = '0.0.0.0';

  /**
   * The address terminals are told to connect to (0x9101, 0x9201, 0x9206): this machine's address as
   * the vehicles reach it (a public IP or name). Empty: the first non-internal IPv4 address.
   */
  @IsString()
  VIDEO_PUBLIC_HOST = '';

  /** This replica's name in the stream registry (video_stream_owner): unique among the running video replicas. */
  @IsString()
  VIDEO_REPLICA_ID = hostname();

  /** How the api reaches this replica's HTTP port (media WebSocket, HLS of the streams it owns); empty: http://<hostname>:8080. */
  @IsString()
  VIDEO_INTERNAL_URL = '';

  /** A replica's claim on a stream lasts this long unrenewed (renewed every third of it): a dead replica's streams move on after it. */
  @IsInt()
  @Min(3)
  VIDEO_STREAM_LEASE_S = 15;

  /** A live stream nobody watches is closed (0x9102 close) after this long, to save the vehicle's mobile data. */
  @IsInt()
  @Min(1)
  VIDEO_IDLE_S = 30;

  /** A media link silent this long is dropped (the terminal stopped sending). */
  @IsInt()
  @Min(1)
  VIDEO_LINK_TIMEOUT_S = 20;

  /** How often a live stream's terminal is told its packet-loss rate (0x9105); 0: never. */
  @IsInt()
  @Min(0)
  VIDEO_LOSS_REPORT_S = 60;

  /** How long a signed media URL (WebSocket, HLS) is accepted after it was issued. */
  @IsInt()
  @Min(10)
  VIDEO_URL_TTL_S = 300;

  /** HMAC key of the media URLs; empty: generated at first start (standalone) and kept under DATA_DIR. Cluster: required. */
  @IsString()
  VIDEO_URL_SECRET = '';

  /** How long the platform waits for a terminal's answer to a video command (0x9101, 0x9205 ...). */
  @IsInt()
  @Min(1)
  VIDEO_COMMAND_TIMEOUT_S = 15;

  /** Embedded FTP server receiving 0x9206 uploads; 0 picks a free port (tests), -1 turns it off. */
  @IsInt()
  @Min(-1)
  @Max(65535)
  VIDEO_FTP_PORT = 2121;

  /** First and last port of FTP passive data connections. */
  @IsInt()
  @Min(1024)
  @Max(65535)
  VIDEO_FTP_PASV_MIN = 30000;

  @IsInt()
  @Min(1024)
  @Max(65535)
  VIDEO_FTP_PASV_MAX = 30100;

  /** Where uploads and snapshots are kept; empty: DATA_DIR/video. */
  @IsString()
  VIDEO_DATA_DIR = '';

  /** Spec §5 storage threshold (1-99 %, default 20): uploads are refused when free disk falls below it. */
  @IsInt()
  @Min(1)
  @Max(99)
  VIDEO_STORAGE_THRESHOLD_PERCENT = 20;

  /**
   * What G.711 / G.726 speech becomes for the browser (MSE plays neither): flac (lossless, 128
   * kbit/s, almost no CPU, no delay) or opus (16 kbit/s for thin links, about 0.4 % of a core per
   * stream and 26.5 ms of delay).
   */
  @IsIn(['flac', 'opus'])
  VIDEO_SPEECH_CODEC: 'flac' | 'opus' = 'flac';

  /** Viewers one stream serves at most. */
  @IsInt()
  @Min(1)
  VIDEO_MAX_VIEWERS_PER_STREAM = 64;

  /** Media links (terminal connections) that named a stream's SIM, served at most. */
  @IsInt()
  @Min(1)
  VIDEO_MAX_LINKS = 2000;

  /** A media link that has not named the SIM of an open stream this long after connecting is closed. */
  @IsInt()
  @Min(1)
  VIDEO_IDENTIFY_S = 10;

  /** Media links not yet identified, at most in all (they live at most VIDEO_IDENTIFY_S). */
  @IsInt()
  @Min(1)
  VIDEO_MAX_UNIDENTIFIED_LINKS = 500;

  /** Media links not yet identified, at most from one source address. */
  @IsInt()
  @Min(1)
  VIDEO_MAX_UNIDENTIFIED_PER_ADDRESS = 32;

  /** Reads of a media link in a row that held only garbage (bytes that start no packet) before it is closed. */
  @IsInt()
  @Min(1)
  VIDEO_MAX_BAD_FRAMES = 10;

  /**
   * H.265 streams transcoded to H.264 at once for browsers without H.265 (one ffmpeg each, shared by
   * the stream's viewers); 0 turns transcoding off. A D1 stream takes about 18 % of a core
   * (docs/video.md, H.265).
   */
  @IsInt()
  @Min(0)
  VIDEO_MAX_TRANSCODES = 8;
}

export const VIDEO_CONFIG = Symbol('VIDEO_CONFIG');
