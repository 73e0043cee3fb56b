import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope, type ApiEnvelope, type VideoStorageView } from '@openfleet/contracts';
import { IsPlatformDay, sendSheet } from '@openfleet/service-kit';
import type { Response } from 'express';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { DataSource } from 'typeorm';
import { UploadFtpServer } from '../download/upload-ftp.server';
import { VideoDownload } from '../download/video-download.entity';
import { MediaIngestServer } from '../media/media-ingest.server';
import { VideoSnapshot } from '../snapshot/video-snapshot.entity';
import { VideoStorage } from '../storage/video-storage';
import { VIDEO_CONFIG, type VideoConfig } from '../video-config';
import { fluxSheet } from './flux-sheet';
import { FluxService } from './flux.service';

export class FluxQueryDto {
  @ApiProperty({ example: '2026-11-01' }) @Matches(/^\d{4}-\d{2}-\d{2}$/) @IsPlatformDay() startDay!: string;
  @ApiProperty({ example: '2026-11-30' }) @Matches(/^\d{4}-\d{2}-\d{2}$/) @IsPlatformDay() endDay!: string;
  @ApiPropertyOptional({ description: 'Comma-separated, at most 20' }) @IsOptional() @IsString() @MaxLength(800) vehicleIds?: string;
}

/** videoflux (traffic per vehicle, channel and day) and serverStorage (the media server's disk). */
@ApiTags('video')
@ApiBearerAuth()
@Controller('video')
export class FluxController {
  constructor(
    private readonly flux: FluxService,
    private readonly storage: VideoStorage,
    private readonly ingest: MediaIngestServer,
    private readonly ftp: UploadFtpServer,
    @InjectDataSource('video') private readonly dataSource: DataSource,
    @Inject(VIDEO_CONFIG) private readonly config: VideoConfig,
  ) {}

  @Get('flux')
  @RequiresAnyAction('videoflux', 'videoflux:search')
  @ApiOperation({ summary: 'Media traffic per vehicle, channel and day (at most 31 days, 20 vehicles)' })
  async rows(@CurrentUser() user: AuthUser, @Query() query: FluxQueryDto) {
    return okEnvelope(await this.flux.rows(user, query.startDay, query.endDay, (query.vehicleIds ?? '').split(',').filter(Boolean)));
  }

  @Get('flux/export')
  @RequiresAction('videoflux:export')
  @ApiOperation({ summary: 'The same traffic rows as an Excel sheet (newest day first, at most 10,000 rows)' })
  async export(@CurrentUser() user: AuthUser, @Query() query: FluxQueryDto, @Res() response: Response) {
    const rows = await this.flux.rows(user, query.startDay, query.endDay, (query.vehicleIds ?? '').split(',').filter(Boolean));
    sendSheet(response, `videoflux-${query.startDay}-${query.endDay}.xlsx`, await fluxSheet(rows));
  }

  @Get('storage')
  @RequiresAnyAction('serverStorage', 'serverStorage:search')
  @ApiOperation({ summary: "The media server's disk, the space video uses, the storage threshold and the media and FTP ports" })
  async storageView(): Promise<ApiEnvelope<VideoStorageView>> {
    const { totalBytes, freeBytes } = this.storage.disk();
    return okEnvelope({
      dataDir: this.storage.root,
      totalBytes,
      freeBytes,
      usedByVideoBytes: this.storage.usedBytes(),
      snapshotCount: await this.dataSource.getRepository(VideoSnapshot).count(),
      downloadCount: await this.dataSource.getRepository(VideoDownload).count(),
      thresholdPercent: this.config.VIDEO_STORAGE_THRESHOLD_PERCENT,
      ftpPort: this.ftp.port(),
      mediaTcpPort: this.ingest.tcpPort(),
      mediaUdpPort: this.ingest.udpPort(),
    });
  }
}
