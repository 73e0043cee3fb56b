import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

/** `<screen>` on pages, `<screen>:<action>` on buttons. */
export const ACTION_CODE = /^[A-Za-z][A-Za-z0-9_]*(:[A-Za-z][A-Za-z0-9_]*)?$/;
/** `/group` or `/group/screen`. */
export const MENU_HREF = /^(\/[A-Za-z][A-Za-z0-9_-]*){1,3}$/;

/** A menu node or button resource (spec §3 menu/resource: name, path, icon, sort, parent, type). */
export class CreateMenuNodeDto {
  @ApiProperty({ description: 'parent node id (2 is the root)' }) @Type(() => Number) @IsInt() parentId!: number;
  @ApiProperty({ description: 'name, 1-64 characters' }) @IsString() @MinLength(1) @MaxLength(64) label!: string;
  @ApiProperty({ description: '1 directory (module), 2 menu (page/resource), 3 button (permission)' }) @Type(() => Number) @IsIn([1, 2, 3]) type!: number;
  @ApiPropertyOptional({ description: 'path: `/group` on directories, `/group/screen` on pages; none on buttons' })
  @IsOptional() @IsString() @MaxLength(128) @Matches(MENU_HREF) href?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(64) @Matches(/^[A-Za-z0-9_-]*$/) icon?: string;
  @ApiPropertyOptional({ description: 'order among siblings, 0-100000' }) @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(100000) sort?: number;
  @ApiPropertyOptional({ description: 'pages: the screen name (default: last path segment); buttons: `<page code>:<action>` (required)' })
  @IsOptional() @IsString() @MaxLength(64) @Matches(ACTION_CODE) actionCode?: string;
}

export class UpdateMenuNodeDto extends PartialType(CreateMenuNodeDto) {}
