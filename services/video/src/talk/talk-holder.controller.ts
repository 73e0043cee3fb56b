import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { TalkOrphans } from './talk-orphans';

/**
 * Another replica asks whether this one still holds a talk key (`talk:<id>` or `<phone>-<channel>-talk`)
 * before it treats the session as its dead holder's (`TalkOrphans`). Under the stream-owner lookup's
 * path, which the api never forwards from outside; signed for the key with the replicas' shared
 * VIDEO_URL_SECRET. Answers only this replica's id and a boolean.
 */
@ApiExcludeController()
@Public() // the signed key token is checked instead of a bearer token
@Controller('video/internal/stream-owner')
export class TalkHolderController {
  constructor(private readonly orphans: TalkOrphans) {}

  @Get(':key/held')
  held(@Param('key') key: string, @Query('token') token: string | undefined) {
    return okEnvelope(this.orphans.answerProbe(key, token));
  }
}
