import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, RequiresAnyAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { SaveRecorderScheduleDto } from './recorder-schedule.dto';
import { RecorderScheduleService } from './recorder-schedule.service';

// The driving record page has search and export only: changing what is collected sends commands,
// so it takes the instruction screen's send code, as the page's "collect now" button does.
const SEND = 'controlInstruction:send';

@ApiTags('driving record')
@ApiBearerAuth()
@Controller('gps/recorderSchedule')
export class RecorderScheduleController {
  constructor(private readonly schedules: RecorderScheduleService) {}

  @Get()
  @RequiresAnyAction('drivingRecord:search', SEND)
  @ApiOperation({ summary: "The daily GB/T 19056 collection schedules of the caller's companies and vehicles" })
  async list(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.schedules.list(user));
  }

  @Post()
  @HttpCode(200)
  @RequiresAction(SEND)
  @ApiOperation({ summary: "Sets a company's (or one vehicle's) daily collection: command words, blocks per word, on/off; 8002 target not visible" })
  async save(@CurrentUser() user: AuthUser, @Body() body: SaveRecorderScheduleDto) {
    return okEnvelope(await this.schedules.save(user, body));
  }

  @Delete(':id')
  @RequiresAction(SEND)
  @ApiOperation({ summary: 'Removes a schedule (a vehicle then follows its company again); 410 unknown' })
  async remove(@CurrentUser() user: AuthUser, @Param('id', ParseIntPipe) id: number) {
    await this.schedules.remove(user, id);
    return okEnvelope(null);
  }
}
