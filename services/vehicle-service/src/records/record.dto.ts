import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ACCIDENT_LIABILITIES, ACCIDENT_NATURES, ACCIDENT_STATUSES, INSURANCE_TYPES } from '@openfleet/contracts';
import { IsPlatformDate, IsPlatformDay, PageQueryDto } from '@openfleet/service-kit';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

const MAX_MONEY = 1_000_000_000;
const MAX_ODOMETER_KM = 10_000_000;
const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const Money = () => (target: object, key: string | symbol) => {
  IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })(target, key);
  Min(0)(target, key);
  Max(MAX_MONEY)(target, key);
};
const Day = () => IsPlatformDay();
const Time = () => (target: object, key: string | symbol) => {
  Matches(TIME, { message: `${String(key)} must be "YYYY-MM-DD HH:mm:ss" (China time)` })(target, key);
  IsPlatformDate()(target, key);
};
const Text = (max: number) => (target: object, key: string | symbol) => {
  IsString()(target, key);
  MaxLength(max)(target, key);
};

// Each kind's fields are declared once; the body names the vehicle by id, an imported row by plate.

export class InsuranceFields {
  @ApiProperty() @Text(64) @MinLength(1) policyNo!: string;
  @ApiProperty({ description: '1 compulsory, 2 commercial, 3 carrier liability, 9 other' }) @IsIn([...INSURANCE_TYPES]) insuranceType!: number;
  @ApiPropertyOptional() @IsOptional() @Text(64) insurer?: string;
  @ApiPropertyOptional() @IsOptional() @Money() premium?: number;
  @ApiPropertyOptional() @IsOptional() @Money() insuredAmount?: number;
  @ApiProperty({ example: '2026-01-01' }) @Day() startDate!: string;
  @ApiProperty({ example: '2026-12-31' }) @Day() endDate!: string;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class MaintenanceFields {
  @ApiProperty() @Day() serviceDate!: string;
  @ApiProperty({ description: 'Odometer at the service, km' }) @IsNumber({ maxDecimalPlaces: 1 }) @Min(0) @Max(MAX_ODOMETER_KM) odometerKm!: number;
  @ApiPropertyOptional({ description: 'Tax included, yuan' }) @IsOptional() @Money() fee?: number;
  @ApiPropertyOptional({ description: 'Person or workshop' }) @IsOptional() @Text(64) servicedBy?: string;
  @ApiPropertyOptional() @IsOptional() @Text(500) items?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber({ maxDecimalPlaces: 1 }) @Min(0) @Max(MAX_ODOMETER_KM) nextServiceKm?: number;
  @ApiPropertyOptional() @IsOptional() @Day() nextServiceDate?: string;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class InspectionFields {
  @ApiPropertyOptional() @IsOptional() @Text(64) agent?: string;
  @ApiPropertyOptional() @IsOptional() @Day() registrationDate?: string;
  @ApiProperty() @Day() inspectionDate!: string;
  @ApiProperty() @Day() validUntil!: string;
  @ApiPropertyOptional() @IsOptional() @Money() fee?: number;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class ViolationFields {
  @ApiPropertyOptional() @IsOptional() @Text(32) driverId?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) driverName?: string;
  @ApiProperty({ example: '2026-11-01 08:30:00' }) @Time() occurredAt!: string;
  @ApiPropertyOptional() @IsOptional() @Text(128) place?: string;
  @ApiPropertyOptional() @IsOptional() @Text(16) violationCode?: string;
  @ApiPropertyOptional() @IsOptional() @Text(255) act?: string;
  @ApiPropertyOptional() @IsOptional() @Money() fineAmount?: number;
  @ApiPropertyOptional() @IsOptional() @IsInt() @Min(0) @Max(12) points?: number;
  @ApiPropertyOptional() @IsOptional() @Text(64) agent?: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() handled?: boolean;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class AccidentFields {
  @ApiPropertyOptional() @IsOptional() @Text(32) driverId?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) driverName?: string;
  @ApiProperty() @Time() occurredAt!: string;
  @ApiPropertyOptional() @IsOptional() @Text(128) place?: string;
  @ApiProperty({ description: '1 minor, 2 ordinary, 3 serious, 4 extraordinarily serious' }) @IsIn([...ACCIDENT_NATURES]) nature!: number;
  @ApiProperty({ description: '1 full, 2 main, 3 equal, 4 secondary, 5 none' }) @IsIn([...ACCIDENT_LIABILITIES]) liability!: number;
  @ApiPropertyOptional({ description: 'Loss, yuan' }) @IsOptional() @Money() loss?: number;
  @ApiPropertyOptional() @IsOptional() @Text(64) handler?: string;
  @ApiPropertyOptional({ description: '1 pending (default), 2 being handled, 3 closed' }) @IsOptional() @IsIn([...ACCIDENT_STATUSES]) status?: number;
  @ApiPropertyOptional() @IsOptional() @Text(500) description?: string;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

/** The body of a create or edit names the vehicle by id. */
const VehicleId = () => (target: object, key: string | symbol) => {
  ApiProperty()(target, key);
  Text(32)(target, key);
  MinLength(1)(target, key);
};
/** An imported row names the vehicle by plate (resolved in the caller's scope). */
const Plate = VehicleId;

export class InsuranceDto extends InsuranceFields { @VehicleId() vehicleId!: string; }
export class MaintenanceDto extends MaintenanceFields { @VehicleId() vehicleId!: string; }
export class InspectionDto extends InspectionFields { @VehicleId() vehicleId!: string; }
export class ViolationDto extends ViolationFields { @VehicleId() vehicleId!: string; }
export class AccidentDto extends AccidentFields { @VehicleId() vehicleId!: string; }

export class InsuranceRow extends InsuranceFields { @Plate() plateCode!: string; }
export class MaintenanceRow extends MaintenanceFields { @Plate() plateCode!: string; }
export class InspectionRow extends InspectionFields { @Plate() plateCode!: string; }
export class ViolationRow extends ViolationFields { @Plate() plateCode!: string; }
export class AccidentRow extends AccidentFields { @Plate() plateCode!: string; }

/** The list's filters; `keyword` matches the plate. */
export class RecordListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Text(32) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'On the main date: "YYYY-MM-DD[ HH:mm:ss]" China time or epoch ms' }) @IsOptional() @Text(32) startTime?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) endTime?: string;
  @ApiPropertyOptional({ description: 'insurance upcoming|active|expired; violation 0|1; accident 1|2|3' }) @IsOptional() @Text(16) status?: string;
}

export class RecordIdsDto {
  @ApiProperty({ type: [Number] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsInt({ each: true }) @Min(1, { each: true }) ids!: number[];
}
