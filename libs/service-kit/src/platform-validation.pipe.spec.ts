import { BadRequestException, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsString, ValidateBy, ValidateNested } from 'class-validator';
import { PlatformValidationPipe } from './platform-validation.pipe';

let itemsValidated = 0;

class TargetDto {
  @IsInt() platformId!: number;
  // Stands for per-item work: counts how many items class-validator looked at.
  @ValidateBy({ name: 'counted', validator: { validate: () => ++itemsValidated > 0 } }) @IsString() vehicleId!: string;
}

class TargetsDto {
  @IsArray() @ArrayMaxSize(10_000) @ValidateNested({ each: true }) @Type(() => TargetDto) targets!: TargetDto[];
}

class ChildTargetsDto extends TargetsDto {}

const body = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'body', metatype });
const targets = (count: number) => ({ targets: Array.from({ length: count }, (_, i) => ({ platformId: 1, vehicleId: String(i) })) });

describe('PlatformValidationPipe', () => {
  beforeEach(() => (itemsValidated = 0));

  it('refuses a list over its @ArrayMaxSize before any item is transformed or validated', async () => {
    const refusal = await new PlatformValidationPipe().transform(targets(100_000), body(TargetsDto)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(BadRequestException);
    expect((refusal as BadRequestException).getResponse()).toMatchObject({ message: ['targets must contain no more than 10000 elements'] });
    expect(itemsValidated).toBe(0);
  });

  it('applies inherited caps, and validates lists within the cap as class-validator does', async () => {
    await expect(new PlatformValidationPipe().transform(targets(10_001), body(ChildTargetsDto))).rejects.toBeInstanceOf(BadRequestException);
    expect(itemsValidated).toBe(0);
    const accepted = (await new PlatformValidationPipe().transform(targets(3), body(TargetsDto))) as TargetsDto;
    expect(accepted.targets[2]).toBeInstanceOf(TargetDto);
    expect(itemsValidated).toBe(3);
    await expect(new PlatformValidationPipe().transform({ targets: [{ platformId: 'x', vehicleId: '1' }] }, body(TargetsDto))).rejects.toBeInstanceOf(BadRequestException);
    await expect(new PlatformValidationPipe().transform({ ...targets(1), extra: 1 }, body(TargetsDto))).rejects.toBeInstanceOf(BadRequestException);
  });

  it('is needed: the plain ValidationPipe validates every item of an over-long list', async () => {
    await expect(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }).transform(targets(10_001), body(TargetsDto))).rejects.toBeInstanceOf(BadRequestException);
    expect(itemsValidated).toBe(10_001);
  });

  it("drops the console's _t cache-buster from a query, and only from a query", async () => {
    class WindowQuery {
      @IsString() vehicleId!: string;
    }
    const query = (metatype: ArgumentMetadata['metatype']): ArgumentMetadata => ({ type: 'query', metatype });
    const accepted = (await new PlatformValidationPipe().transform({ vehicleId: '7', _t: '1732700000000' }, query(WindowQuery))) as WindowQuery;
    expect(accepted).toBeInstanceOf(WindowQuery);
    expect(accepted).toEqual({ vehicleId: '7' });
    // Any other unknown query field is still refused, and so is _t in a body.
    await expect(new PlatformValidationPipe().transform({ vehicleId: '7', t: '1' }, query(WindowQuery))).rejects.toBeInstanceOf(BadRequestException);
    await expect(new PlatformValidationPipe().transform({ vehicleId: '7', _t: '1' }, body(WindowQuery))).rejects.toBeInstanceOf(BadRequestException);
  });
});
