import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OPERATING_RELATIONS, SPECIAL_BUSINESS_STATUSES, SPECIAL_BUSINESS_TYPES } from '@openfleet/contracts';
import { IsPlatformDay, PageQueryDto } from '@openfleet/service-kit';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

const Money = () => (target: object, key: string | symbol) => {
  IsNumber({ maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false })(target, key);
  Min(0)(target, key);
  Max(1_000_000_000)(target, key);
};
const Text = (max: number) => (target: object, key: string | symbol) => {
  IsString()(target, key);
  MaxLength(max)(target, key);
};
const Phone = () => Matches(/^[\d+\- ]{0,20}$/, { message: 'phone: digits, +, - and spaces, at most 20' });
const VehicleId = () => (target: object, key: string | symbol) => {
  ApiProperty()(target, key);
  Text(32)(target, key);
  MinLength(1)(target, key);
};

export class OperatingRelationDto {
  @VehicleId() vehicleId!: string;
  @ApiProperty({ description: '1 直营 owned, 2 挂靠 affiliated, 3 租赁 leased' }) @IsIn([...OPERATING_RELATIONS]) relationType!: number;
  @ApiPropertyOptional({ description: 'Owner, affiliated owner or lessor/lessee' }) @IsOptional() @Text(64) partyName?: string;
  @ApiPropertyOptional() @IsOptional() @Phone() partyPhone?: string;
  @ApiPropertyOptional({ description: 'ID card or unified social credit code' }) @IsOptional() @Text(32) partyIdNo?: string;
  @ApiPropertyOptional() @IsOptional() @Text(64) contractNo?: string;
  @ApiPropertyOptional() @IsOptional() @IsPlatformDay() contractStart?: string;
  @ApiPropertyOptional() @IsOptional() @IsPlatformDay() contractEnd?: string;
  @ApiPropertyOptional({ description: 'Yuan per year' }) @IsOptional() @Money() fee?: number;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class ServiceTermDto {
  @VehicleId() vehicleId!: string;
  @ApiPropertyOptional() @IsOptional() @Text(64) packageName?: string;
  @ApiProperty() @IsPlatformDay() startDate!: string;
  @ApiProperty() @IsPlatformDay() endDate!: string;
  @ApiPropertyOptional() @IsOptional() @Money() fee?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() paid?: boolean;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class ServiceRenewalDto {
  @ApiProperty({ description: 'The new end date, after the current one' }) @IsPlatformDay() newEnd!: string;
  @ApiPropertyOptional({ description: 'Absent keeps the current package' }) @IsOptional() @Text(64) packageName?: string;
  @ApiPropertyOptional() @IsOptional() @Money() fee?: number;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() paid?: boolean;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class SpecialBusinessDto {
  @VehicleId() vehicleId!: string;
  @ApiProperty({ description: '1 报停, 2 复运, 3 过户, 4 注销, 5 转籍' }) @IsIn([...SPECIAL_BUSINESS_TYPES]) businessType!: number;
  @ApiProperty() @Text(32) @MinLength(1) applicant!: string;
  @ApiPropertyOptional() @IsOptional() @Phone() applicantPhone?: string;
  @ApiProperty() @Text(255) @MinLength(1) reason!: string;
  @ApiProperty() @IsPlatformDay() applyDate!: string;
  @ApiProperty() @IsPlatformDay() effectiveDate!: string;
  @ApiPropertyOptional({ description: '报停: planned last day' }) @IsOptional() @IsPlatformDay() endDate?: string;
  @ApiPropertyOptional({ description: '过户: the new owner; 转籍: the new registration place' }) @IsOptional() @Text(64) newOwner?: string;
  @ApiPropertyOptional() @IsOptional() @Text(255) remark?: string;
}

export class SpecialBusinessReviewDto {
  @ApiProperty({ description: 'true 审核通过, false 驳回' }) @IsBoolean() approved!: boolean;
  @ApiPropertyOptional() @IsOptional() @Text(255) comment?: string;
}

/** The lists' filters; `keyword` matches the plate. */
export class OperationListQueryDto extends PageQueryDto {
  @ApiPropertyOptional() @IsOptional() @Text(32) vehicleId?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) companyId?: string;
  @ApiPropertyOptional() @IsOptional() @Text(32) fleetId?: string;
  @ApiPropertyOptional({ description: 'none|upcoming|active|expiring|expired (contract or service end)' }) @IsOptional() @Text(16) state?: string;
  @ApiPropertyOptional({ description: 'directVehicle: 1|2|3; specialBusiness: 1-5' }) @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(5) type?: number;
  @ApiPropertyOptional({ description: 'manageService: 0 unpaid, 1 paid' }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) paid?: number;
  @ApiPropertyOptional({ description: 'specialBusiness: 0 pending, 1 approved, 2 rejected' }) @IsOptional() @Type(() => Number) @IsIn([...SPECIAL_BUSINESS_STATUSES]) status?: number;
}

export class OperationIdsDto {
  @ApiProperty({ type: [Number] }) @IsArray() @ArrayMinSize(1) @ArrayMaxSize(1000) @IsInt({ each: true }) @Min(1, { each: true }) ids!: number[];
}
