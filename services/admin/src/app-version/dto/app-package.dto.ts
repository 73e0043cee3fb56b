import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';

export class AppPackageUploadDto {
  @ApiPropertyOptional({ enum: ['android', 'ios'], default: 'android' }) @IsOptional() @IsIn(['android', 'ios']) platform?: 'android' | 'ios';
}
