import { IsInt, IsNotEmpty, IsString, Max, Min } from 'class-validator';

/** The alarm service's own settings (environment variable names), validated at start. */
export class AlarmConfig {
  /** Consumer group of the detector (one per deployment; members share the terminals). */
  @IsString()
  @IsNotEmpty()
  ALARM_DETECTOR_GROUP = 'alarm-detector';

  /** Consumer group storing the alarms other services detect (alarm.detected.v1: battery alarms, fuel theft ...). */
  @IsString()
  @IsNotEmpty()
  ALARM_DETECTED_GROUP = 'alarm-detected';

  /** TCP port of the active-safety attachment server (T/JSATL 12); 0 picks a free port (tests). */
  @IsInt()
  @Min(0)
  @Max(65535)
  ALARM_ATTACHMENT_PORT = 6809;

  @IsString()
  ALARM_ATTACHMENT_LISTEN_HOST = '0.0.0.0';

  /** The address terminals are told to upload to (0x9208): this host as terminals reach it. */
  @IsString()
  @IsNotEmpty()
  ALARM_ATTACHMENT_PUBLIC_HOST = '127.0.0.1';

  /** Where evidence files are kept; empty: DATA_DIR/alarm-evidence (a shared volume in cluster mode). */
  @IsString()
  ALARM_EVIDENCE_DIR = '';

  /** Largest file a terminal may announce (bytes). */
  @IsInt()
  @Min(1024)
  ALARM_ATTACHMENT_MAX_FILE_BYTES = 64 * 1024 * 1024;

  /** Most files per alarm. */
  @IsInt()
  @Min(1)
  @Max(255)
  ALARM_ATTACHMENT_MAX_FILES = 16;

  /** An attachment link silent this long is closed (its ranges received so far are kept). */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_IDLE_S = 60;

  /** An attachment link that has not named a known alarm (0x1210) or an unfinished file (0x1211) this long after connecting is closed. */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_IDENTIFY_S = 10;

  /** Identified attachment links served at most (terminals uploading at once). */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_MAX_LINKS = 2000;

  /** Links not yet identified, at most in all (the oldest goes when full). */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_MAX_UNIDENTIFIED_LINKS = 512;

  /** Links not yet identified, at most from one source address (terminals behind one carrier NAT share one). */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_MAX_UNIDENTIFIED_PER_ADDRESS = 64;

  /** Undecodable frames in a row that close an attachment link (ten times as many in all). */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_MAX_BAD_FRAMES = 10;

  /** Frames of one link waiting for the disk or the database; beyond this the link is not read until they are written. */
  @IsInt()
  @Min(1)
  ALARM_ATTACHMENT_MAX_IN_FLIGHT = 16;

  /** Tracking's HTTP address for the latest positions (the rescue detail's nearby vehicles); empty: this process's own listener (standalone). */
  @IsString()
  ALARM_TRACKING_URL = '';
}

export const ALARM_CONFIG = Symbol('ALARM_CONFIG');
