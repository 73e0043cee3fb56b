import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, RequiresAction, type AuthUser } from '@openfleet/auth';
import { okEnvelope } from '@openfleet/contracts';
import { ReminderSettingsService } from './reminder-settings.service';
import { ReminderMarkDto, ReminderPageQueryDto, ReminderSettingsDto, ReminderSettingsQueryDto } from './reminders.dto';
import { RemindersService } from './reminders.service';

@ApiTags('vehicle-service reminders')
@ApiBearerAuth()
@Controller('vehicleService/reminders')
export class RemindersController {
  constructor(
    private readonly reminders: RemindersService,
    private readonly settings: ReminderSettingsService,
  ) {}

  @Get('page')
  @RequiresAction('reminderList:search')
  @ApiOperation({ summary: 'Reminders of the caller scope: kind, status (0 unread, 1 read, 2 done), vehicle, plate, company, fleet, created window' })
  async page(@CurrentUser() user: AuthUser, @Query() query: ReminderPageQueryDto) {
    return okEnvelope(await this.reminders.page(user, query));
  }

  // No action code: every signed-in user's header shows the badges of the scope.
  @Get('counts')
  @ApiOperation({ summary: 'Unread reminders of the caller scope by kind (header badges, home screen)' })
  async counts(@CurrentUser() user: AuthUser) {
    return okEnvelope(await this.reminders.counts(user));
  }

  @Post('read')
  @HttpCode(200)
  @RequiresAction('reminderList:modify')
  @ApiOperation({ summary: 'Mark reminders read (batch); 1020 when one is unknown or out of scope, nothing changed then' })
  async read(@CurrentUser() user: AuthUser, @Body() dto: ReminderMarkDto) {
    return okEnvelope(await this.reminders.markRead(user, dto.ids));
  }

  @Post('done')
  @HttpCode(200)
  @RequiresAction('reminderList:modify')
  @ApiOperation({ summary: 'Mark reminders done (batch): renewed, inspected, serviced' })
  async done(@CurrentUser() user: AuthUser, @Body() dto: ReminderMarkDto) {
    return okEnvelope(await this.reminders.markDone(user, dto.ids));
  }

  @Get('settings')
  @RequiresAction('reminderSettings:search')
  @ApiOperation({ summary: "A company's reminder settings (default the caller's company): kinds, days before, overdue, maintenance margin, receiving roles" })
  async getSettings(@CurrentUser() user: AuthUser, @Query() query: ReminderSettingsQueryDto) {
    return okEnvelope(await this.settings.get(user, query.companyId));
  }

  @Put('settings')
  @RequiresAction('reminderSettings:modify')
  @ApiOperation({ summary: 'Save a company\'s reminder settings; 1021 for repeated days' })
  async saveSettings(@CurrentUser() user: AuthUser, @Body() dto: ReminderSettingsDto) {
    return okEnvelope(await this.settings.save(user, dto));
  }
}
