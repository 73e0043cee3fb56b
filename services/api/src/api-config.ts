import { IsInt, IsString, Max, Min } from 'class-validator';
import { PlatformConfig, withHttpListener } from '@openfleet/service-kit';

/** Configuration of the HTTP API gateway (environment variables, validated at start). */
export class ApiConfig extends withHttpListener(PlatformConfig) {
  /** Built console bundle served at / (standalone); a placeholder page when it does not exist. */
  @IsString()
  CONSOLE_DIR = 'console/dist';

  /** Cluster mode: where the admin service answers (auth, /basic, /enterprise). */
  @IsString()
  ADMIN_URL = 'http://admin:8080';

  /** Cluster mode: where the tracking service answers (/gps). */
  @IsString()
  TRACKING_URL = 'http://tracking:8080';

  /** Cluster mode: where the instruction service answers (/gps/sendOrder, /gps/terminalParams ...). */
  @IsString()
  INSTRUCTION_URL = 'http://instruction:8080';

  /** Cluster mode: where the fence service answers (/gps/fence). */
  @IsString()
  FENCE_URL = 'http://fence:8080';

  /** Cluster mode: where the alarm service answers (/gps/alarm). */
  @IsString()
  ALARM_URL = 'http://alarm:8080';

  /** Cluster mode: where the JT/T 809 forwarder answers (/platform809). */
  @IsString()
  FORWARDER_809_URL = 'http://forwarder-809:8080';

  /** Cluster mode: where the energy service answers (/energy). */
  @IsString()
  ENERGY_URL = 'http://energy:8080';

  /** Cluster mode: where the video service answers (/video). */
  @IsString()
  VIDEO_URL = 'http://video:8080';

  /** Cluster mode: where the vehicle-service answers (/vehicleService: records, reminders, fuel). */
  @IsString()
  VEHICLE_SERVICE_URL = 'http://vehicle-service:8080';

  /** Cluster mode: where the industry service answers (/industry: cold chain, bus lines, waybills, certification). */
  @IsString()
  INDUSTRY_URL = 'http://industry:8080';

  /** Cluster mode: where the frame archive answers (/frameArchive: the original-message query). */
  @IsString()
  FRAME_ARCHIVE_URL = 'http://frame-archive:8080';

  /** Comma-separated browser origins allowed by CORS (empty: same origin only, the nginx setup). */
  @IsString()
  CORS_ORIGINS = '';

  /**
   * Proxies in front of the api whose X-Forwarded-For entry is trusted (compose: 1, the lb, which
   * replaces the header with the client's address); 0: the socket's address is the client's.
   */
  @IsInt()
  @Min(0)
  @Max(5)
  API_TRUSTED_PROXY_HOPS = 0;
}
