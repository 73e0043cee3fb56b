import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { canonicalTerminalPhone, chinaDate, Topics, type TerminalUplink } from '@openfleet/contracts';
import type { EventBus } from '@openfleet/bus';
import { BusConsumer, consume, EVENT_BUS, type FileStore } from '@openfleet/service-kit';
import type { Repository } from 'typeorm';
import { pathOf } from '@openfleet/storage';
import { INSTRUCTION_CONFIG, type InstructionConfig } from '../instruction-config';
import { FollowUpReplies } from '../order/follow-up-replies';
import { TerminalDirectory } from '../registry/terminal-directory';
import { MediaFile } from './media-file.entity';
import { MEDIA_STORE } from './media-file.entity';

/** File extension by 0x0801 format code (0 JPEG, 1 TIF, 2 MP3, 3 WAV, 4 WMV). */
const EXTENSIONS = ['jpg', 'tif', 'mp3', 'wav', 'wmv'];

/**
 * Photos, recordings and videos from terminals (0x0801, reassembled by the gateway) to the media
 * store and the media_file table. Idempotent: a redelivered upload (same terminal, media id and
 * receive time) is written once. The same consumer hands later answers to their orders (0x0108
 * upgrade results, 0x0301-0x0303 driver answers).
 */
@Injectable()
export class MediaIngestService extends BusConsumer {
  private readonly logger = new Logger(MediaIngestService.name);

  constructor(
    @InjectRepository(MediaFile, 'instruction') private readonly files: Repository<MediaFile>,
    @Inject(MEDIA_STORE) private readonly store: FileStore,
    @Inject(EVENT_BUS) protected readonly bus: EventBus,
    @Inject(INSTRUCTION_CONFIG) private readonly config: InstructionConfig,
    private readonly directory: TerminalDirectory,
    private readonly followUps: FollowUpReplies,
  ) {
    super();
  }

  protected consumes() {
    return [
      consume(Topics.terminalUplink, {
        group: `${this.config.INSTRUCTION_GROUP}-media`,
        fromBeginning: false,
        each: async (uplink) => {
          if (uplink.msgId === '0x0801') await this.ingest(uplink);
          else if (this.followUps.handles(uplink.msgId)) await this.followUps.apply(uplink);
        },
      }),
    ];
  }

  async ingest(uplink: TerminalUplink): Promise<MediaFile | undefined> {
    const body = uplink.body as { mediaId?: number; mediaType?: number; format?: number; event?: number; channel?: number; data?: string; location?: { latitude?: number; longitude?: number; time?: string } };
    if (typeof body.mediaId !== 'number' || typeof body.data !== 'string') return undefined;
    const size = body.data.length / 2;
    const phone = canonicalTerminalPhone(uplink.terminalPhone);
    if (size > this.config.INSTRUCTION_MEDIA_MAX_BYTES) {
      this.logger.warn(`media ${body.mediaId} of ${phone}: ${size} bytes over INSTRUCTION_MEDIA_MAX_BYTES, not kept`);
      return undefined;
    }
    const existing = await this.files.findOneBy({ terminalPhone: phone, mediaId: body.mediaId, receivedAt: uplink.receivedAt });
    if (existing) return existing;
    const day = chinaDate(uplink.receivedAt);
    const key = `${phone}/${day}/${body.mediaId}-${uplink.receivedAt}.${EXTENSIONS[body.format ?? 0] ?? 'bin'}`;
    await this.store.put(key, Buffer.from(body.data, 'hex'));
    const vehicle = this.directory.vehicles.byTerminalPhone(phone);
    const takenAt = body.location?.time ? Date.parse(body.location.time) : 0;
    const file = this.files.create({
      terminalPhone: phone,
      vehicleId: vehicle?.vehicleId ?? uplink.vehicleId ?? '',
      companyPath: pathOf(vehicle?.companyPath ?? []),
      fleetPath: pathOf(vehicle?.fleetPath ?? []),
      mediaId: body.mediaId,
      mediaType: body.mediaType ?? 0,
      format: body.format ?? 0,
      event: body.event ?? 0,
      channel: body.channel ?? 0,
      size,
      path: key,
      latitude: body.location?.latitude ?? 0,
      longitude: body.location?.longitude ?? 0,
      takenAt: Number.isNaN(takenAt) ? 0 : takenAt,
      receivedAt: uplink.receivedAt,
    });
    try {
      await this.files.insert(file);
    } catch (error) {
      // A concurrent redelivery inserted it first (unique key): the row and the file are the same.
      const again = await this.files.findOneBy({ terminalPhone: phone, mediaId: body.mediaId, receivedAt: uplink.receivedAt });
      if (again) return again;
      throw error;
    }
    return file;
  }
}
