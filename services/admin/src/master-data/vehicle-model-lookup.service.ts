import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, type Repository } from 'typeorm';
import { VehicleBrand, VehicleModel } from '../brand/brand.entity';
import { CarFactory } from '../car-factory/car-factory.entity';
import { EngineModel } from '../engine-model/engine-model.entity';

export interface ModelInfo {
  id: number;
  model: string;
  name: string;
  brandId: number;
  brand: string;
  engineModelId: number | null;
  carFactoryId: number | null;
}

/** Read side of the brand/model/engine catalogues for the §7 pickers (shared reference data, no tenant). */
@Injectable()
export class VehicleModelLookupService {
  constructor(
    @InjectRepository(VehicleBrand, 'admin') private readonly brands: Repository<VehicleBrand>,
    @InjectRepository(VehicleModel, 'admin') private readonly models: Repository<VehicleModel>,
    @InjectRepository(EngineModel, 'admin') private readonly engines: Repository<EngineModel>,
    @InjectRepository(CarFactory, 'admin') private readonly factories: Repository<CarFactory>,
  ) {}

  async brandList(): Promise<{ id: number; brand: string; name: string }[]> {
    const rows = await this.brands.find();
    return rows.map((row) => ({ id: row.id, brand: row.name, name: row.name })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Models of one brand (id, or name as `brandName`), or of every brand. */
  async modelList(brandId?: number, brandName?: string): Promise<ModelInfo[]> {
    const brands = await this.brands.find(brandId ? { where: { id: brandId } } : brandName ? { where: { name: brandName } } : {});
    if (!brands.length) return [];
    const names = new Map(brands.map((brand) => [brand.id, brand.name]));
    const models = await this.models.find({ where: { brandId: In([...names.keys()]) }, order: { brandId: 'ASC', name: 'ASC' } });
    return models.map((row) => ({
      id: row.id,
      model: row.name,
      name: row.name,
      brandId: row.brandId,
      brand: names.get(row.brandId) ?? '',
      engineModelId: row.engineModelId,
      carFactoryId: row.carFactoryId,
    }));
  }

  /** Models with their engine and car factory rows (null when the model names none). */
  async modelsWithEngines(brandId?: number, brandName?: string) {
    const models = await this.modelList(brandId, brandName);
    const engineIds = [...new Set(models.map((row) => row.engineModelId).filter((id): id is number => id !== null))];
    const factoryIds = [...new Set(models.map((row) => row.carFactoryId).filter((id): id is number => id !== null))];
    const engines = new Map((engineIds.length ? await this.engines.find({ where: { id: In(engineIds) } }) : []).map((row) => [row.id, row]));
    const factories = new Map((factoryIds.length ? await this.factories.find({ where: { id: In(factoryIds) } }) : []).map((row) => [row.id, row]));
    return models.map((row) => ({
      ...row,
      engine: row.engineModelId ? engines.get(row.engineModelId) ?? null : null,
      carFactory: row.carFactoryId ? factories.get(row.carFactoryId) ?? null : null,
    }));
  }
}
